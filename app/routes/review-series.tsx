import { Link } from "react-router";
import { volumeName } from "../../contract/episodes";
import { LatestReviews } from "../features/review/LatestReviews";
import { ReviewForm } from "../features/review/ReviewForm";
import { ReviewList } from "../features/review/ReviewList";
import { loadLatestReviews, loadSubjectReviews } from "../features/review/review.server";
import { errorMeta } from "../features/seo/seo";
import type { Route } from "./+types/review-series";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  // /review/series with no series names no list: the store-wide list stands in.
  if (!params.seriesId) return { latest: await loadLatestReviews(context, request) };
  const bookId = "bookId" in params ? (params.bookId as string | undefined) : undefined;
  return {
    subject: await loadSubjectReviews(context, request, { seriesId: params.seriesId, bookId }),
  };
}

export function meta({ loaderData: data, error }: Route.MetaArgs) {
  const failed = errorMeta(error);
  if (failed) return failed;
  const loaderData = data?.subject;
  if (!loaderData) return [{ title: "作品レビュー | コマヤ" }];
  const subject = `${loaderData.seriesName}${loaderData.volume !== null ? ` ${volumeName(loaderData.volume, loaderData.episodes)}` : ""}`;
  return [{ title: `${subject}のレビュー | コマヤ` }];
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  if (!loaderData.subject) {
    const l = loaderData.latest;
    return <LatestReviews reviews={l.reviews} total={l.total} page={l.page} isLogin={l.isLogin} />;
  }
  const d = loaderData.subject;
  return (
    <section className="review-page" aria-labelledby="review-page-title">
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        <Link to={`/series/${d.seriesId}`}>{d.seriesName}</Link>
        <span aria-current="page">レビュー</span>
      </nav>
      <h1 id="review-page-title">
        {d.seriesName}
        {d.volume !== null && ` ${volumeName(d.volume, d.episodes)}`}のレビュー
      </h1>
      <p>
        全{d.total}件
        {d.bookId !== null && (
          <>
            {" "}
            · <Link to={`/review/series/${d.seriesId}`}>作品全体のレビューを見る</Link>
          </>
        )}
      </p>
      <ReviewList
        reviews={d.reviews}
        total={d.total}
        page={d.page}
        perPage={d.per_page}
        isLogin={d.isLogin}
        sort={d.sort}
        empty="まだレビューがありません。"
      />
      {d.isLogin ? (
        <ReviewForm seriesId={d.seriesId} bookId={d.bookId} mine={d.my_review} />
      ) : (
        <p>
          <Link className="button" to="/login">
            ログインしてレビューを書く
          </Link>
        </p>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
