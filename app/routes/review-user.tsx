import { Link } from "react-router";
import { LatestReviews } from "../features/review/LatestReviews";
import { ReviewList } from "../features/review/ReviewList";
import { loadLatestReviews, loadMemberReviews } from "../features/review/review.server";
import { errorMeta } from "../features/seo/seo";
import type { Route } from "./+types/review-user";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  // /review/user with no member names no list: the store-wide list stands in.
  if (!params.userId) return { latest: await loadLatestReviews(context, request) };
  return { member: await loadMemberReviews(context, request, params.userId) };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const failed = errorMeta(error);
  if (failed) return failed;
  const name = loaderData?.member?.reviews[0]?.nickname;
  return [{ title: `${name ? `${name}さん` : "ユーザー"}のレビュー | コマヤ` }];
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  if (!loaderData.member) {
    const l = loaderData.latest;
    return <LatestReviews reviews={l.reviews} total={l.total} page={l.page} isLogin={l.isLogin} />;
  }
  const d = loaderData.member;
  const name = d.reviews[0]?.nickname;
  return (
    <section className="review-page" aria-labelledby="review-page-title">
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        <Link to="/reviews">レビュー</Link>
        <span aria-current="page">{name ? `${name}さん` : "ユーザー"}</span>
      </nav>
      <h1 id="review-page-title">{name ? `${name}さんのレビュー` : "ユーザーのレビュー"}</h1>
      <p>全{d.total}件</p>
      <ReviewList
        reviews={d.reviews}
        total={d.total}
        page={d.page}
        perPage={d.per_page}
        isLogin={d.isLogin}
        withSubject
        empty="まだレビューがありません。"
      />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
