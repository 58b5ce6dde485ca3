import { useState } from "react";
import { EMAIL_MAX, PASSWORD_MAX } from "../../../contract/account-rules";
import { SECOND_FACTOR_MAX } from "../../../contract/ops-roles";
import { formText, useApiForm } from "../../lib/use-api-form";

type Step =
  | { kind: "password" }
  | { kind: "code"; enrol: { secret: string; uri: string } | null }
  | { kind: "recovery"; codes: string[] };

/** The secret in groups of four, as authenticator apps' "enter a key" screens show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * The staff sign-in (decision 0083): password, then the authenticator's code or a recovery code.
 * At the first sign-in the code step first shows the secret to enrol, and a confirmed code hands
 * out the recovery codes, shown once here.
 */
export function OpsSignIn({ returnTo }: { returnTo: string }) {
  const [step, setStep] = useState<Step>({ kind: "password" });
  const password = useApiForm<{ enrol: { secret: string; uri: string } | null }>(
    "/api/ops/login",
    (form) => ({ email: formText(form, "email"), password: formText(form, "password") }),
    (answer) => setStep({ kind: "code", enrol: answer.enrol ?? null }),
    "ログインできませんでした",
    { ownsFailure: () => true },
  );
  const code = useApiForm<{ recovery_codes: string[] | null; restart?: boolean }>(
    "/api/ops/login/code",
    (form) => ({ code: formText(form, "code") }),
    (answer) => {
      if (answer.recovery_codes) setStep({ kind: "recovery", codes: answer.recovery_codes });
      else window.location.assign(returnTo);
    },
    "確認できませんでした",
    {
      onFailure: (answer) => {
        if (answer.restart) setStep({ kind: "password" });
      },
      ownsFailure: () => true,
    },
  );

  if (step.kind === "recovery") {
    return (
      <section className="ops-panel ops-sign-in" aria-labelledby="ops-sign-in-title">
        <h1 id="ops-sign-in-title">リカバリーコード</h1>
        <p>
          二段階認証を設定しました。スマートフォンを紛失したときは、認証アプリのコードの代わりに次のコードでログインできます。
          <strong>各コードは1回限り有効で、この画面を閉じると二度と表示されません。</strong>
          印刷するか、パスワード管理ツールなど安全な場所に保管してください。
        </p>
        <ol className="ops-codes" aria-label="リカバリーコード">
          {step.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <a className="ops-button ops-button--primary ops-button--block" href={returnTo}>
          保管しました。運営画面へ進む
        </a>
      </section>
    );
  }

  if (step.kind === "code") {
    const { enrol } = step;
    return (
      <section className="ops-panel ops-sign-in" aria-labelledby="ops-sign-in-title">
        <h1 id="ops-sign-in-title">{enrol ? "二段階認証の設定" : "確認コードの入力"}</h1>
        {enrol ? (
          <div className="ops-enrol">
            <p>
              はじめてのログインです。Google Authenticator や Microsoft Authenticator
              などの認証アプリに、次のセットアップキーを追加してください（「キーを入力」を選び、種類は「時間ベース」）。
            </p>
            <p className="ops-enrol__key">
              <span>セットアップキー</span>
              <code data-testid="totp-secret" data-secret={enrol.secret}>
                {grouped(enrol.secret)}
              </code>
            </p>
            <details>
              <summary>otpauth 形式の URI（パスワード管理ツール用）</summary>
              <code className="ops-enrol__uri">{enrol.uri}</code>
            </details>
            <p>追加したら、アプリに表示される6桁のコードを入力してください。</p>
          </div>
        ) : (
          <p>
            認証アプリに表示されている6桁のコードを入力してください。スマートフォンが手元にないときは、リカバリーコードも使えます。
          </p>
        )}
        {/* Its own key: React would otherwise keep the password step's input, and its email. */}
        <form key="code" method="post" onSubmit={code.onSubmit} noValidate>
          <label className="ops-field">
            <span>確認コード</span>
            <input
              name="code"
              inputMode={enrol ? "numeric" : "text"}
              autoComplete="one-time-code"
              required
              maxLength={SECOND_FACTOR_MAX}
              // biome-ignore lint/a11y/noAutofocus: the only field of this step, just revealed
              autoFocus
            />
          </label>
          {code.problem ? (
            <p className="ops-problem" role="alert">
              {code.problem}
            </p>
          ) : null}
          <button
            type="submit"
            className="ops-button ops-button--primary ops-button--block"
            disabled={code.busy}
          >
            {code.busy ? "確認中…" : enrol ? "設定してログイン" : "ログイン"}
          </button>
        </form>
      </section>
    );
  }

  return (
    <section className="ops-panel ops-sign-in" aria-labelledby="ops-sign-in-title">
      <h1 id="ops-sign-in-title">運営管理ログイン</h1>
      <p>スタッフのメールアドレスとパスワードを入力してください。続けて二段階認証を行います。</p>
      <form key="password" method="post" onSubmit={password.onSubmit} noValidate>
        <label className="ops-field">
          <span>メールアドレス</span>
          <input name="email" type="email" autoComplete="username" required maxLength={EMAIL_MAX} />
        </label>
        <label className="ops-field">
          <span>パスワード</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
          />
        </label>
        {password.problem ? (
          <p className="ops-problem" role="alert">
            {password.problem}
          </p>
        ) : null}
        <button
          type="submit"
          className="ops-button ops-button--primary ops-button--block"
          disabled={password.busy}
        >
          {password.busy ? "確認中…" : "次へ"}
        </button>
      </form>
    </section>
  );
}
