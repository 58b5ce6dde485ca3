import { useState } from "react";
import { LEAVE_REASONS } from "../../contract/account";
import { PASSWORD_MAX } from "../../contract/account-rules";
import { FormProblem } from "../components/FormProblem";
import { requireMember } from "../lib/member.server";
import { formText, useApiForm } from "../lib/use-api-form";
import type { Route } from "./+types/leave";

export function meta() {
  return [{ title: "退会 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Leave() {
  const [done, setDone] = useState(false);
  const { busy, problem, onSubmit } = useApiForm(
    "/api/account/leave",
    (form) => ({
      reason: Number(form.get("reason") ?? 0),
      opinion: formText(form, "opinion"),
      current_password: formText(form, "current_password"),
    }),
    () => setDone(true),
    "退会手続きができませんでした",
  );

  if (done) {
    return (
      <section className="account">
        <h1>退会が完了しました</h1>
        <p>ご利用ありがとうございました。</p>
        <a className="button" href="/">
          ホームへ
        </a>
      </section>
    );
  }

  return (
    <section className="account" aria-labelledby="leave-title">
      <h1 id="leave-title">退会手続き</h1>
      <p className="form-warning">
        退会すると、購入済みの作品・ポイント・クーポンはすべてご利用いただけなくなります。この操作は取り消せません。
      </p>
      <form method="post" onSubmit={onSubmit}>
        <fieldset className="field">
          <legend className="field__label">退会の理由</legend>
          {LEAVE_REASONS.map((reason) => (
            <label key={reason.id} className="check">
              <input type="radio" name="reason" value={reason.id} required />
              <span>{reason.label}</span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span className="field__label">ご意見・ご要望（任意）</span>
          <textarea name="opinion" maxLength={1000} rows={4} />
        </label>
        {/* Re-authentication: a session left open on a shared device cannot end the account. */}
        <label className="field">
          <span className="field__label">現在のパスワード</span>
          <input
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
          />
        </label>
        <p className="form-note">ご本人確認のため、パスワードを入力してください。</p>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--danger" disabled={busy}>
          退会する
        </button>
      </form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
