import { Link } from "react-router";
import type { ReviewView } from "../../../contract/review";
import { ReviewStars } from "./ReviewItem";
import { ReviewList } from "./ReviewList";

/** The series page's レビュー: the average, the count and the newest reviews. */
export function SeriesReviews(props: {
  seriesId: number;
  average: number;
  count: number;
  reviews: ReviewView[];
  total: number;
  reviewed: boolean;
  isLogin: boolean;
}) {
  return (
    <section aria-labelledby="series-reviews-title" className="series-reviews">
      <h2 id="series-reviews-title" className="section-title">
        レビュー
      </h2>
      <p className="review-summary">
        {props.count > 0 ? (
          <>
            <ReviewStars rating={Math.round(props.average)} />
            <span>
              平均 {props.average.toFixed(1)}（{props.count}件）
            </span>
          </>
        ) : (
          <span>まだ評価がありません</span>
        )}
      </p>
      <ReviewList
        reviews={props.reviews}
        total={props.reviews.length}
        page={1}
        perPage={Math.max(1, props.reviews.length)}
        isLogin={props.isLogin}
        empty="まだレビューがありません。最初のレビューを書いてみませんか？"
      />
      <p className="review-links">
        {props.total > props.reviews.length && (
          <Link to={`/review/series/${props.seriesId}`}>すべてのレビュー（{props.total}件）</Link>
        )}
        {props.isLogin ? (
          <Link className="button" to={`/review/series/${props.seriesId}#write`}>
            {props.reviewed ? "レビューを編集する" : "レビューを書く"}
          </Link>
        ) : (
          <Link to="/login">ログインしてレビューを書く</Link>
        )}
      </p>
    </section>
  );
}
