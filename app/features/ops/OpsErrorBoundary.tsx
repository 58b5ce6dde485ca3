import { isRouteErrorResponse, useRouteError } from "react-router";

/** An ops page's error state, inside the ops frame, leading back to the ops home, not the store. */
export function OpsErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? status === 404
      ? "ページが見つかりません"
      : typeof error.data === "string"
        ? error.data
        : error.statusText
    : "エラーが発生しました";
  return (
    <section className="ops-panel ops-error" role="alert">
      <h1>{status}</h1>
      <p>{message}</p>
      <a className="ops-button" href="/ops">
        運営ホームへ戻る
      </a>
    </section>
  );
}
