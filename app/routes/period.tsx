import { Link } from "react-router";
import { CardStateProvider } from "../features/cards/card-state";
import { JsonLd } from "../features/seo/JsonLd";
import { errorMeta, pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import { volumeJsonLd } from "../features/series/json-ld";
import { loadPeriodPage } from "../features/series/series.server";
import { VolumeDetail } from "../features/series/VolumeDetail";
import type { Route } from "./+types/period";

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadPeriodPage(context, new URL(request.url));
  const urls = seoUrls(context, request, ["series", "book"]);
  const { series, book } = page.period;
  // The volume page is the one to index; this view is about its free period.
  const volumeUrl = urls.absolute(`/series/${series.series_id}/book/${book.book_id}`);
  return {
    ...page,
    seo: {
      title: `${book.title} 無料期間のご案内 | コマヤ`,
      description: `${book.title}の配信期間と読み方のご案内。${series.description}`,
      url: volumeUrl,
      image: urls.absolute(book.img),
      type: "book" as const,
    },
    jsonLd: volumeJsonLd(
      series,
      book,
      volumeUrl,
      urls.absolute(`/series/${series.series_id}`),
      urls.absolute,
    ),
  };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return errorMeta(error) ?? pageMeta(loaderData?.seo, "配信期間");
}

/** "2026-11-24 23:59:59" → "2026年11月24日 23:59" */
function endLabel(dateTime: string): string {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d)/.exec(dateTime);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日 ${m[4]}:${m[5]}` : dateTime;
}

export default function PeriodScreen({ loaderData }: Route.ComponentProps) {
  const { period, user, isLogin, jsonLd } = loaderData;
  const { series, book } = period;
  const owned = user.own_items.includes(book.item_id);
  return (
    <CardStateProvider isLogin={isLogin}>
      <JsonLd data={jsonLd} />
      <VolumeDetail series={series} book={book} user={user}>
        <div className="period-box">
          {owned ? (
            <p className="period-box__lead">購入済みの巻です。いつでも読めます。</p>
          ) : period.period_type === "free" ? (
            <>
              <p className="period-box__lead">
                {period.member_only && !isLogin ? "会員登録で無料で読めます" : "無料で読めます"}
              </p>
              <p>
                {period.period_end_date
                  ? `無料期間：${endLabel(period.period_end_date)}まで`
                  : "期間の定めはありません"}
              </p>
            </>
          ) : (
            <>
              <p className="period-box__lead">この巻は購入して読めます</p>
              {book.trial_page_count > 0 && (
                <p>{book.trial_page_count}ページまで試し読みできます</p>
              )}
            </>
          )}
        </div>
      </VolumeDetail>
      <p>
        <Link to={`/series/${series.series_id}`}>作品ページへ戻る</Link>
      </p>
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
