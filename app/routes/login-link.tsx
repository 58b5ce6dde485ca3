import { Link } from "react-router";
import { FormProblem } from "../components/FormProblem";
import { linkToken } from "../lib/mailed-link";
import { useApiForm } from "../lib/use-api-form";
import type { Route } from "./+types/login-link";

export function meta() {
  return [{ title: "メールのリンクでログイン | コマヤ" }, { name: "robots", content: "noindex" }];
}

/**
 * The sign-in link mailed past the login throttle (decision 0050). Opening it changes nothing
 * (mail programs fetch links to scan them); the button uses it, once.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { token: linkToken(request) };
}

export default function LoginLink({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const { busy, problem, onSubmit } = useApiForm(
    "/api/account/login/link",
    () => ({ token }),
    () => window.location.assign("/"),
    "ログインできませんでした",
  );

  return (
    <section className="auth-card" aria-labelledby="login-link-title">
      <h1 id="login-link-title">メールのリンクでログイン</h1>
      {token ? (
        <form method="post" onSubmit={onSubmit}>
          <p className="auth-card__lead">
            ボタンを押すと、このブラウザでログインします。このリンクは1回限り有効です。
          </p>
          <FormProblem problem={problem} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? "ログイン中…" : "ログインする"}
          </button>
        </form>
      ) : (
        <p className="form-problem" role="alert">
          リンクが正しくありません。メールのリンクをもう一度お確かめください。
        </p>
      )}
      <p className="auth-card__switch">
        <Link to="/login">ログイン画面へ</Link>
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
