import { idFromPath } from "../../../contract/row-id";

/**
 * What the reader's address names (spec 001 §2.1): the volume in `cid`, or in `continue_cid` for
 * the continue-reading links (it wins when both are there: it is the volume to go on with), and
 * its series. `_rs=free|trial` and `_tr` only say which button led here; what may be read is the
 * server's entitlement, never the address.
 */
export type ReaderAddress =
  | { ok: true; bookId: number; seriesId: number | null }
  | { ok: false; message: string };

export function readerAddress(params: URLSearchParams): ReaderAddress {
  const rawBook = params.get("continue_cid") || params.get("cid");
  const bookId = idFromPath(rawBook);
  if (bookId === null) {
    return {
      ok: false,
      message: rawBook ? "cid は巻の番号で指定してください" : "cid を指定してください",
    };
  }
  const rawSeries = params.get("series");
  if (!rawSeries) return { ok: true, bookId, seriesId: null };
  const seriesId = idFromPath(rawSeries);
  if (seriesId === null) return { ok: false, message: "series は作品の番号で指定してください" };
  return { ok: true, bookId, seriesId };
}
