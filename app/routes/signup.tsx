import { Link, redirect, useSearchParams } from "react-router";
import { EMAIL_MAX, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../../contract/account-rules";
import { FormProblem } from "../components/FormProblem";
import { safeReturnTo } from "../lib/return-to";
import { formText, useApiForm } from "../lib/use-api-form";
import type { Route } from "./+types/signup";

export function meta() {
  return [
    { title: "無料会員登録 | コマヤ" },
    {
      name: "description",
      content: "無料会員登録で、会員限定の無料巻や新規登録クーポンがご利用いただけます。",
    },
  ];
}

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.request.member)
    throw redirect(safeReturnTo(new URL(request.url).searchParams.get("return_to")));
  return null;
}

export default function Signup() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("return_to"));
  const { busy, problem, onSubmit } = useApiForm(
    "/api/account/signup",
    (form) => ({
      email: formText(form, "email"),
      password: formText(form, "password"),
      nickname: formText(form, "nickname"),
      newsletter: form.get("newsletter") === "on",
      agree: form.get("agree") === "on",
    }),
    () => window.location.assign(returnTo),
    "登録できませんでした",
  );

  return (
    <section className="auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">無料会員登録</h1>
      <p className="auth-card__lead">
        会員限定の無料巻、ログインスタンプ、新規登録クーポンがご利用いただけます。
      </p>
      <form method="post" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span className="field__label">メールアドレス</span>
          <input name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
        </label>
        <label className="field">
          <span className="field__label">パスワード（{PASSWORD_MIN}文字以上）</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
          />
        </label>
        <label className="field">
          <span className="field__label">ニックネーム（任意）</span>
          <input name="nickname" type="text" autoComplete="nickname" maxLength={NICKNAME_MAX} />
        </label>
        <label className="check">
          <input name="newsletter" type="checkbox" defaultChecked />
          <span>お得なキャンペーン情報をメールで受け取る</span>
        </label>
        <label className="check">
          <input name="agree" type="checkbox" required />
          <span>
            <Link to="/agreement">利用規約</Link>と<Link to="/privacy">プライバシーポリシー</Link>
            に同意する
          </span>
        </label>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? "登録中…" : "同意して登録する"}
        </button>
      </form>
      <p className="auth-card__switch">
        会員の方は <Link to={`/login?return_to=${encodeURIComponent(returnTo)}`}>ログイン</Link>
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
