import type { Db } from "../db/client";
import { readerBook } from "../modules/reader/service";

/**
 * /reader: the volume as this viewer may read it, as /api/reader answers; null when there is no
 * such volume or it was asked for under another series (the address is wrong, not the volume).
 */
export async function readerPage(
  db: Db,
  address: { bookId: number; seriesId: number | null },
  memberId: number | null,
) {
  const reader = await readerBook(db, address.bookId, memberId);
  if (!reader || (address.seriesId !== null && reader.book.series_id !== address.seriesId)) {
    return null;
  }
  return reader;
}
