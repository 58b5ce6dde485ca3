import { readsAsEpisodes } from "../../contract/episodes";
import { CardStateProvider } from "../features/cards/card-state";
import { PreorderBox } from "../features/preorders/PreorderBox";
import { loadPreorderOffer } from "../features/preorders/preorders.server";
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
  // 配信予定: the 予約 box is read with the page, so nothing moves when it would have arrived.
  const preorder = announced(book, page.user.own_items)
    ? await loadPreorderOffer(context, book.book_id)
    : null;
  return {
    ...page,
    preorder,
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

/** Not out yet and not the viewer's: the page may offer a reservation. */
function announced(book: { onsale_flag: boolean; item_id: number }, owned: readonly number[]) {
  return !book.onsale_flag && !owned.includes(book.item_id);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return errorMeta(error) ?? pageMeta(loaderData?.seo, "巻の詳細");
}

export default function VolumeScreen({ loaderData }: Route.ComponentProps) {
  const { volume, user, isLogin, jsonLd, preorder } = loaderData;
  const { series, book } = volume;
  return (
    <CardStateProvider isLogin={isLogin}>
      <JsonLd data={jsonLd} />
      <VolumeDetail series={series} book={book} user={user}>
        {/* 配信予定: a volume set on sale ahead of its 配信日 takes reservations (0116). */}
        {preorder ? (
          <PreorderBox
            key={book.book_id}
            bookId={book.book_id}
            offer={preorder}
            pageUrl={`/series/${series.series_id}/book/${book.book_id}`}
            isLogin={isLogin}
          />
        ) : null}
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
