import { Link } from "react-router";
import type { ReviewView } from "../../../contract/review";
import { REVIEW_SORT_LABELS, REVIEW_SORTS } from "../../../contract/review-rules";
import { ReviewItem } from "./ReviewItem";
import "./review.css";

/** A list of reviews with its pager; `sortBase` adds the sort choices (series and volume lists). */
export function ReviewList(props: {
  reviews: ReviewView[];
  total: number;
  page: number;
  perPage: number;
  isLogin: boolean;
  withSubject?: boolean;
  sort?: number;
  empty: string;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.perPage));
  const href = (page: number) => {
    const q = new URLSearchParams();
    if (props.sort !== undefined && props.sort !== 1) q.set("sort", String(props.sort));
    if (page > 1) q.set("pn", String(page));
    const s = q.toString();
    return s ? `?${s}` : "?";
  };
  return (
    <>
      {props.sort !== undefined && (
        <nav className="review-sorts" aria-label="並び替え">
          {REVIEW_SORTS.map((s) => (
            <Link
              key={s}
              to={s === 1 ? "?" : `?sort=${s}`}
              aria-current={props.sort === s ? "page" : undefined}
              preventScrollReset
            >
              {REVIEW_SORT_LABELS[s]}
            </Link>
          ))}
        </nav>
      )}
      {props.reviews.length === 0 ? (
        <p className="review-empty">{props.empty}</p>
      ) : (
        <ul className="review-list">
          {props.reviews.map((r) => (
            <ReviewItem
              key={r.review_id}
              review={r}
              isLogin={props.isLogin}
              withSubject={props.withSubject}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="review-pager" aria-label="ページ">
          {props.page > 1 && <Link to={href(props.page - 1)}>前へ</Link>}
          <span>
            {props.page} / {pages}
          </span>
          {props.page < pages && <Link to={href(props.page + 1)}>次へ</Link>}
        </nav>
      )}
    </>
  );
}
