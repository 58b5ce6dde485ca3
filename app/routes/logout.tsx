import { useState } from "react";
import { FormProblem } from "../components/FormProblem";
import { forgetDownloads } from "../features/offline/forget-downloads";
import { post } from "../lib/request";
import type { Route } from "./+types/logout";

export function meta() {
  return [{ title: "ログアウト | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { loggedIn: context.request.member !== null };
}

/**
 * Logging out is a POST with the CSRF header, like every other change: opening /logout alone
 * (a link, a prefetch) never ends a session.
 */
export default function Logout({ loaderData }: Route.ComponentProps) {
  const [loggedIn, setLoggedIn] = useState(loaderData.loggedIn);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function logout() {
    if (busy) return;
    setBusy(true);
    const answer = await post("/api/account/logout", {}, { successOn: "status" });
    setBusy(false);
    if (answer.result) {
      await forgetDownloads();
      // A full load, so the header and drawer forget the member.
      window.location.assign("/logout");
      setLoggedIn(false);
      return;
    }
    setProblem(answer.error_message ?? "ログアウトできませんでした");
  }

  if (!loggedIn) {
    return (
      <section className="account" aria-labelledby="logout-title">
        <h1 id="logout-title">ログアウトしました</h1>
        <p>ご利用ありがとうございました。またのお越しをお待ちしております。</p>
        <div className="account__actions">
          <a className="button button--primary" href="/">
            ホームへ
          </a>
          <a className="button button--ghost" href="/login">
            ログイン
          </a>
        </div>
      </section>
    );
  }
  return (
    <section className="account" aria-labelledby="logout-title">
      <h1 id="logout-title">ログアウト</h1>
      <p>ログアウトしますか？</p>
      <FormProblem problem={problem} />
      <button
        type="button"
        className="button button--primary button--block"
        onClick={logout}
        disabled={busy}
      >
        ログアウトする
      </button>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
