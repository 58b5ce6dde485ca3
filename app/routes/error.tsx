import { Link } from "react-router";
import { errorDetail } from "../features/info/error-detail";
import { infoMeta } from "../features/info/meta";
import "../features/info/info.css";
import type { Route } from "./+types/error";

export function meta() {
  return infoMeta("エラー", "エラーが発生しました。", { noindex: true });
}

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return {
    message: errorDetail(query.get("message"), 300),
    code: errorDetail(query.get("code"), 40),
  };
}

/** Spec 001 §8 "Generic error page": エラーが発生しました plus the error. */
export default function ErrorScreen({ loaderData }: Route.ComponentProps) {
  const { message, code } = loaderData;
  return (
    <section className="notice" aria-labelledby="error-title">
      <div className="notice__icon" aria-hidden="true">
        !
      </div>
      <h1 id="error-title" className="notice__title">
        エラーが発生しました
      </h1>
      {message || code ? (
        <div className="notice__detail" data-testid="error-detail">
          {message ? <p style={{ margin: 0 }}>{message}</p> : null}
          {code ? <p style={{ margin: 0 }}>エラーコード：{code}</p> : null}
        </div>
      ) : null}
      <p>
        お手数ですが、時間をおいてから再度お試しください。問題が続く場合は、エラーコードを添えてお問い合わせください。
      </p>
      <div className="info__actions">
        <Link className="button button--primary" to="/">
          ホームへ戻る
        </Link>
        <Link className="button" to="/inquiry">
          お問い合わせ
        </Link>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
