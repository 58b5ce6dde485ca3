import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { books } from "./schema";

/**
 * Sets how many pages a volume has, inside the transaction that publishes its new pages (the
 * content pipeline, decision 0089), so the page count and the pages change together. Answers
 * the count it replaced; null: no such volume.
 */
export async function setVolumePageCount(
  tx: Tx,
  bookId: number,
  pageCount: number,
): Promise<number | null> {
  const [before] = await tx
    .select({ pageCount: books.pageCount })
    .from(books)
    .where(eq(books.bookId, bookId))
    .for("update");
  if (!before) return null;
  await tx
    .update(books)
    // The trial page count is the editor's choice and stays; the reader never shows more
    // trial pages than the volume has.
    .set({ pageCount })
    .where(eq(books.bookId, bookId));
  return before.pageCount;
}
