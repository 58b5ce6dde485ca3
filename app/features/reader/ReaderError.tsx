import { isRouteErrorResponse, Link, useRouteError, useSearchParams } from "react-router";
import { idFromPath } from "../../../contract/row-id";
import "./reader.css";

/** The reader's error state, full screen like the reader, with the way back to the series. */
export function ReaderError() {
  const error = useRouteError();
  const [params] = useSearchParams();
  const seriesId = idFromPath(params.get("series"));
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "エラーが発生しました";
  return (
    <div className="reader reader--error">
      <div className="reader__end-wrap">
        <section className="reader-end" role="alert">
          <h1 className="reader-end__title">
            {status === 404 ? "ページが見つかりません" : "読み込めませんでした"}
          </h1>
          <p className="reader-end__lead">{message}</p>
          <div className="reader-end__links">
            {seriesId !== null ? (
              <Link className="reader-end__link" to={`/series/${seriesId}`}>
                作品ページへ戻る
              </Link>
            ) : null}
            <Link className="reader-end__link" to="/">
              ホームへ戻る
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
