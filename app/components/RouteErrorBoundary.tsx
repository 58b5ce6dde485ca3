import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** A route's own error state: the status code and message, inside the shell that still works. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? status === 404
      ? "This page could not be found"
      : typeof error.data === "string"
        ? error.data
        : error.statusText
    : "エラーが発生しました";
  return (
    <section className="error-page" role="alert">
      <h1 className="error-page__code">{status}</h1>
      <p className="error-page__message">{message}</p>
      <Link className="button" to="/">
        ホームへ戻る
      </Link>
    </section>
  );
}
