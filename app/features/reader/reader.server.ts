import { type AppLoadContext, data } from "react-router";
import { readerBook } from "../../../server/modules/reader/service";
import { orPageFailure } from "../../lib/page-failure.server";
import { readerAddress } from "./reader-address";

const NO_VOLUME = "お探しの巻は見つかりませんでした";

/** The reader's volume as this viewer may read it; a bad address is a 400, no volume a 404. */
export async function loadReader(context: AppLoadContext, url: URL) {
  const address = readerAddress(url.searchParams);
  if (!address.ok) throw data(address.message, { status: 400 });
  const reader = await orPageFailure(() =>
    readerBook(context.services.db, address.bookId, context.request.member?.userId ?? null),
  );
  // A volume asked for under another series is not there: the address is wrong, not the volume.
  if (!reader || (address.seriesId !== null && reader.book.series_id !== address.seriesId)) {
    throw data(NO_VOLUME, { status: 404 });
  }
  return { reader };
}
