import { Link } from "react-router";
import { readsAsEpisodes, volumeWords } from "../../contract/episodes";
import { isNotReleased } from "../../contract/series";
import { CampaignBanner } from "../features/campaign/CampaignBanner";
import { viewerUrl } from "../features/cards/card-rules";
import { CardStateProvider } from "../features/cards/card-state";
import { RelatedSeries } from "../features/recommend/RelatedSeries";
import { loadRelatedSeries } from "../features/recommend/recommend.server";
import { seriesReviewDigest } from "../features/review/review.server";
import { SeriesReviews } from "../features/review/SeriesReviews";
import { JsonLd } from "../features/seo/JsonLd";
import { errorMeta, pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import { seriesJsonLd } from "../features/series/json-ld";
import { SeriesSummary } from "../features/series/SeriesSummary";
import { loadSeriesPage } from "../features/series/series.server";
import { VolumeList } from "../features/series/VolumeList";
import type { Route } from "./+types/series";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = await loadSeriesPage(context, params.seriesId);
  const [reviews, related] = await Promise.all([
    seriesReviewDigest(context, page.main.series.series_id),
    loadRelatedSeries(context, page.main.series.series_id),
  ]);
  const urls = seoUrls(context, request);
  const { series, books } = page.main;
  const authors = series.authors.map((a) => a.name).join("・");
  return {
    ...page,
    reviews,
    related,
    seo: {
      title: `${series.name}${authors ? `（${authors}）` : ""} | 無料・試し読みも | コマヤ`,
      description: series.description,
      url: urls.canonical,
      image: urls.absolute(series.img || "/favicon.svg"),
      type: "book" as const,
    },
    jsonLd: seriesJsonLd(series, books, urls.canonical, urls.absolute),
  };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return errorMeta(error) ?? pageMeta(loaderData?.seo, "作品詳細");
}

export default function SeriesScreen({ loaderData }: Route.ComponentProps) {
  const { main, user, isLogin, jsonLd, reviews, related } = loaderData;
  const { series } = main;
  const notReleased = isNotReleased(main.books, user.own_items);
  return (
    <CardStateProvider isLogin={isLogin}>
      <JsonLd data={jsonLd} />
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        {series.genres[0] && (
          <Link to={`/search?gn=${series.genres[0].genre_id}`}>{series.genres[0].name}</Link>
        )}
        <span aria-current="page">{series.name}</span>
      </nav>
      <SeriesSummary series={series} notification={user.notification} />
      {notReleased ? (
        <section className="not-released" aria-labelledby="not-released-title">
          <h2 id="not-released-title">この作品は配信前です</h2>
          <p>
            {series.next_release_date
              ? `${formatDate(series.next_release_date)} 配信予定です。`
              : "配信開始までしばらくお待ちください。"}
            {series.next_release_book_id ? (
              <>
                {" "}
                <Link to={`/series/${series.series_id}/book/${series.next_release_book_id}`}>
                  配信予定の{volumeWords(readsAsEpisodes(series.genres)).unit}を見る
                </Link>
              </>
            ) : null}
          </p>
        </section>
      ) : (
        <>
          {series.next_release_date && (
            <p className="next-release">
              {series.next_release_book_id ? (
                // The announced volume's page shows its 配信日 and takes a reservation.
                <Link to={`/series/${series.series_id}/book/${series.next_release_book_id}`}>
                  {volumeWords(readsAsEpisodes(series.genres)).upcoming}{" "}
                  {formatDate(series.next_release_date)} 配信予定
                </Link>
              ) : (
                <>
                  {volumeWords(readsAsEpisodes(series.genres)).upcoming}{" "}
                  {formatDate(series.next_release_date)} 配信予定
                </>
              )}
            </p>
          )}
          {user.continue_book ? (
            // A document load, like every reader link (its .html address only the server strips).
            <a
              className="continue-reading"
              href={viewerUrl(
                {
                  book_id: user.continue_book.book_id,
                  series_id: series.series_id,
                  continue_cid: String(user.continue_book.book_id),
                },
                null,
                { continueReading: true },
              )}
            >
              続きを読む
              <small>
                {user.continue_book.volume}巻
                {/* A volume read to its end reopens at its first page, so no page is promised. */}
                {user.reading_volume === user.continue_book.volume
                  ? ` ${user.continue_book.page}ページから`
                  : ""}
              </small>
            </a>
          ) : null}
          <VolumeList
            books={main.books}
            seriesId={series.series_id}
            user={user}
            episodes={readsAsEpisodes(series.genres)}
          />
        </>
      )}
      {main.campaigns.length > 0 && (
        <section aria-labelledby="series-campaigns-title">
          <h2 id="series-campaigns-title" className="section-title">
            開催中のキャンペーン
          </h2>
          <ul className="campaign-list">
            {main.campaigns.map((c) => (
              <li key={c.campaign_id}>
                <CampaignBanner campaign={c} policies={c.policy_types} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <SeriesReviews
        seriesId={series.series_id}
        average={series.rating_average}
        count={series.rating_count}
        reviews={reviews.reviews}
        total={reviews.total}
        reviewed={reviews.reviewed}
        isLogin={isLogin}
      />
      <RelatedSeries seriesId={series.series_id} items={related} />
    </CardStateProvider>
  );
}

function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
