import { useState } from "react";
import { Link } from "react-router";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../../contract/account-rules";
import { FormProblem } from "../components/FormProblem";
import { linkToken } from "../lib/mailed-link";
import { formText, useApiForm } from "../lib/use-api-form";
import type { Route } from "./+types/password_reset";

export function meta() {
  return [{ title: "パスワードの再設定 | コマヤ" }, { name: "robots", content: "noindex" }];
}

/** Without a token: the request form. With the mailed link's token: the new password form. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: linkToken(request) };
}

export default function PasswordReset({ loaderData }: Route.ComponentProps) {
  return loaderData.token ? <NewPassword token={loaderData.token} /> : <AskForLink />;
}

/** The same answer for every address: the page never tells whether it is a member's. */
function AskForLink() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const { busy, problem, onSubmit } = useApiForm(
    "/api/account/password_reset",
    (form) => ({ email: formText(form, "email") }),
    () => setSentTo(email),
    "受け付けできませんでした",
  );

  if (sentTo !== null) {
    return (
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">メールをご確認ください</h1>
        <p role="status">
          <strong className="auth-card__address">{sentTo}</strong>
          が会員のメールアドレスであれば、パスワード再設定のリンクをお送りしました。
        </p>
        <p className="form-note">
          リンクの有効期限は30分、1回限りです。メールが届かないときは、迷惑メールのフォルダや入力したアドレスをご確認ください。
        </p>
        <Link to="/login" className="button button--block">
          ログイン画面へ
        </Link>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">パスワードの再設定</h1>
      <p className="auth-card__lead">
        ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。
      </p>
      <form method="post" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span className="field__label">メールアドレス</span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          再設定のメールを送る
        </button>
      </form>
      <p className="auth-card__switch">
        <Link to="/login">ログイン画面に戻る</Link>
      </p>
    </section>
  );
}

function NewPassword({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const { busy, problem, onSubmit } = useApiForm(
    "/api/account/password_reset/confirm",
    (form) => ({ token, new_password: formText(form, "new_password") }),
    () => setDone(true),
    "パスワードを再設定できませんでした",
  );

  if (done) {
    return (
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">パスワードを再設定しました</h1>
        <p role="status">
          すべての端末でログアウトしました。新しいパスワードでログインしてください。
        </p>
        {/* A full load: the header must forget a session the reset ended. */}
        <a href="/login" className="button button--primary button--block">
          ログインする
        </a>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">新しいパスワードの設定</h1>
      <p className="auth-card__lead">
        新しいパスワードを入力してください。設定すると、すべての端末でログアウトします。
      </p>
      <form method="post" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span className="field__label">新しいパスワード（{PASSWORD_MIN}文字以上）</span>
          <input
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
          />
        </label>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          パスワードを設定する
        </button>
      </form>
      <p className="auth-card__switch">
        <Link to="/password_reset">リンクの期限が切れたとき</Link>
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
