import { useState } from "react";
import { LEAVE_REASONS } from "../../contract/account";
import { requireMember } from "../lib/member.server";
import { post } from "../lib/request";
import type { Route } from "./+types/leave";

export function meta() {
  return [{ title: "退会 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Leave() {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const answer = await post("/api/account/leave", {
      reason: Number(form.get("reason") ?? 0),
      opinion: String(form.get("opinion") ?? ""),
    });
    setBusy(false);
    if (answer.result) setDone(true);
  }

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
      <form onSubmit={submit}>
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
        <button type="submit" className="button button--danger" disabled={busy}>
          退会する
        </button>
      </form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
