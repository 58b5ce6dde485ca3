import { useState } from "react";
import { FormProblem } from "../components/FormProblem";
import { linkToken } from "../lib/mailed-link";
import { useApiForm } from "../lib/use-api-form";
import type { Route } from "./+types/email_confirm";

export function meta() {
  return [{ title: "メールアドレスの確認 | コマヤ" }, { name: "robots", content: "noindex" }];
}

/**
 * The link mailed to confirm an address: a new member's, or the new one of an address change
 * (decision 0051). Opening it changes nothing; the button uses it, once.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { token: linkToken(request) };
}

type Confirmed = { purpose: "email_change" | "email_verify"; email: string };

export default function EmailConfirm({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const [done, setDone] = useState<Confirmed | null>(null);
  const { busy, problem, onSubmit } = useApiForm<Confirmed>(
    "/api/account/email/confirm",
    () => ({ token }),
    (answer) => setDone({ purpose: answer.purpose, email: answer.email }),
    "確認できませんでした",
  );

  if (done) {
    const changed = done.purpose === "email_change";
    return (
      <section className="auth-card" aria-labelledby="confirm-title">
        <h1 id="confirm-title">
          {changed ? "メールアドレスを変更しました" : "メールアドレスを確認しました"}
        </h1>
        <p role="status">
          {changed
            ? `ご登録のメールアドレスを ${done.email} に変更しました。ほかの端末ではログアウトしています。`
            : `${done.email} の確認が完了しました。レビューを投稿できます。`}
        </p>
        <a href="/" className="button button--primary button--block">
          ホームへ
        </a>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="confirm-title">
      <h1 id="confirm-title">メールアドレスの確認</h1>
      {token ? (
        <form method="post" onSubmit={onSubmit}>
          <p className="auth-card__lead">
            ボタンを押すと、メールを受け取ったこのアドレスを確認します。アドレスの変更のお手続き中であれば、変更が完了します。
          </p>
          <FormProblem problem={problem} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            確認する
          </button>
        </form>
      ) : (
        <p className="form-problem" role="alert">
          リンクが正しくありません。メールのリンクをもう一度お確かめください。
        </p>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
