import { CardStateProvider } from "../features/cards/card-state";
import { ReaderScreen } from "../features/reader/ReaderScreen";
import { loadReader } from "../features/reader/reader.server";
import type { Route } from "./+types/viewer-speed";

/** /viewer/speed.html?cid={bookId}&series={seriesId} (or continue_cid): the web reader. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReader(context, new URL(request.url));
}

export function meta({ loaderData }: Route.MetaArgs) {
  const book = loaderData?.reader.book;
  const title = book
    ? `${book.series_title}${book.volume > 0 ? ` ${book.volume}巻` : ""}`
    : "ビューア";
  return [{ title: `${title} | コマヤ` }, { name: "robots", content: "noindex" }];
}

export default function ViewerScreen({ loaderData }: Route.ComponentProps) {
  const { reader } = loaderData;
  return (
    <CardStateProvider isLogin={reader.is_login}>
      {/* A new volume (the next one from the end panel) starts a fresh reader. */}
      <ReaderScreen key={reader.book.book_id} reader={reader} />
    </CardStateProvider>
  );
}

export { ReaderError as ErrorBoundary } from "../features/reader/ReaderError";
