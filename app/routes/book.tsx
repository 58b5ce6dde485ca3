import { readsAsEpisodes } from "../../contract/episodes";
import { CardStateProvider } from "../features/cards/card-state";
import { PreorderBox } from "../features/preorders/PreorderBox";
import { JsonLd } from "../features/seo/JsonLd";
import { errorMeta, pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import { volumeJsonLd } from "../features/series/json-ld";
import { loadVolumePage } from "../features/series/series.server";
import { VolumeDetail, VolumeNav } from "../features/series/VolumeDetail";
import { VolumeList } from "../features/series/VolumeList";
import type { Route } from "./+types/book";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = await loadVolumePage(context, params.seriesId, params.bookId);
  const urls = seoUrls(context, request);
  const { series, book } = page.volume;
  const seriesUrl = urls.absolute(`/series/${series.series_id}`);
  return {
    ...page,
    seo: {
      title: `${book.title}（${series.authors.map((a) => a.name).join("・")}） | コマヤ`,
      description: book.description
        ? `${book.description} ${series.description}`
        : series.description,
      url: urls.canonical,
      image: urls.absolute(book.img),
      type: "book" as const,
    },
    jsonLd: volumeJsonLd(series, book, urls.canonical, seriesUrl, urls.absolute),
  };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return errorMeta(error) ?? pageMeta(loaderData?.seo, "巻の詳細");
}

export default function VolumeScreen({ loaderData }: Route.ComponentProps) {
  const { volume, user, isLogin, jsonLd } = loaderData;
  const { series, book } = volume;
  return (
    <CardStateProvider isLogin={isLogin}>
      <JsonLd data={jsonLd} />
      <VolumeDetail series={series} book={book} user={user}>
        {/* 配信予定: a volume set on sale ahead of its 配信日 takes reservations (0116). */}
        {book.onsale_flag || user.own_items.includes(book.item_id) ? null : (
          <PreorderBox
            bookId={book.book_id}
            pageUrl={`/series/${series.series_id}/book/${book.book_id}`}
            isLogin={isLogin}
          />
        )}
      </VolumeDetail>
      <VolumeNav
        seriesId={series.series_id}
        prev={volume.prev}
        next={volume.next}
        episodes={readsAsEpisodes(series.genres)}
      />
      <VolumeList
        books={volume.books}
        seriesId={series.series_id}
        user={user}
        episodes={readsAsEpisodes(series.genres)}
      />
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
