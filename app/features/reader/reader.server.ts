import { type AppLoadContext, data } from "react-router";
import { readerPage } from "../../../server/pages/reader";
import { orPageFailure } from "../../lib/page-failure.server";
import { readerAddress } from "./reader-address";

const NO_VOLUME = "お探しの巻は見つかりませんでした";

/** The reader's volume as this viewer may read it; a bad address is a 400, no volume a 404. */
export async function loadReader(context: AppLoadContext, url: URL) {
  const address = readerAddress(url.searchParams);
  if (!address.ok) throw data(address.message, { status: 400 });
  const reader = await orPageFailure(() =>
    readerPage(context.services.db, address, context.request.member?.userId ?? null),
  );
  if (!reader) throw data(NO_VOLUME, { status: 404 });
  return { reader };
}
