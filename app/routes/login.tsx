import { useState } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import { EMAIL_MAX, PASSWORD_MAX } from "../../contract/account-rules";
import { FormProblem } from "../components/FormProblem";
import { safeReturnTo } from "../lib/return-to";
import { formText, useApiForm } from "../lib/use-api-form";
import type { Route } from "./+types/login";

export function meta() {
  return [{ title: "ログイン | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("return_to"));
  if (context.request.member) throw redirect(returnTo);
  return null;
}

export default function Login() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("return_to"));
  // Past the login throttle a right password is answered with a mailed sign-in link (0050).
  const [mailStep, setMailStep] = useState<string | null>(null);
  const { busy, problem, onSubmit } = useApiForm<{ sign_in_link?: boolean }>(
    "/api/account/login",
    (form) => ({ email: formText(form, "email"), password: formText(form, "password") }),
    () => window.location.assign(returnTo),
    "ログインできませんでした",
    {
      onFailure: (answer) => {
        if (answer.sign_in_link) setMailStep(answer.error_message ?? "");
      },
      // The step is the page's own, not an error.
      ownsFailure: (answer) => answer.sign_in_link === true,
    },
  );

  if (mailStep !== null) {
    return (
      <section className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title">メールをご確認ください</h1>
        <p role="status">{mailStep}</p>
        <p className="form-note">
          リンクの有効期限は30分、1回限りです。メールが届かないときは、迷惑メールのフォルダもご確認ください。
        </p>
        <button type="button" className="button button--block" onClick={() => setMailStep(null)}>
          ログイン画面に戻る
        </button>
        <p className="auth-card__switch">
          <Link to="/password_reset">パスワードをお忘れの方</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">ログイン</h1>
      <form method="post" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span className="field__label">メールアドレス</span>
          <input name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
        </label>
        <label className="field">
          <span className="field__label">パスワード</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
          />
        </label>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? "ログイン中…" : "ログイン"}
        </button>
      </form>
      <p className="auth-card__switch">
        <Link to="/password_reset">パスワードをお忘れの方</Link>
      </p>
      <p className="auth-card__switch">
        はじめての方は{" "}
        <Link to={`/signup?return_to=${encodeURIComponent(returnTo)}`}>無料会員登録</Link>
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
