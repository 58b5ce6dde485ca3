import { Link } from "react-router";
import type { ReviewView } from "../../../contract/review";
import { REVIEWS_PER_PAGE } from "../../../contract/review-rules";
import { ReviewList } from "./ReviewList";

/** みんなのレビュー: every member's newest reviews (/reviews, and the review routes without an id). */
export function LatestReviews(props: {
  reviews: ReviewView[];
  total: number;
  page: number;
  isLogin: boolean;
}) {
  return (
    <section className="review-page" aria-labelledby="review-page-title">
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        <span aria-current="page">レビュー</span>
      </nav>
      <h1 id="review-page-title">みんなのレビュー</h1>
      <p>新着順 · 全{props.total}件</p>
      <ReviewList
        reviews={props.reviews}
        total={props.total}
        page={props.page}
        perPage={REVIEWS_PER_PAGE}
        isLogin={props.isLogin}
        withSubject
        empty="まだレビューがありません。"
      />
    </section>
  );
}
