import type { Db } from "../../db/client";
import { books, ITEM_TYPE_BOOK, items } from "./schema";

/**
 * Volumes for a test: each book row with the item that sells it, at the book's price and
 * on-sale flag (tests that need an item to differ from its book write their own rows).
 */
export async function insertVolumes(
  db: Db,
  volumes: ReadonlyArray<typeof books.$inferInsert & { itemId: number }>,
): Promise<void> {
  await db.insert(books).values([...volumes]);
  await db.insert(items).values(
    volumes.map((b) => ({
      itemId: b.itemId,
      itemType: ITEM_TYPE_BOOK,
      bookId: b.bookId,
      price: b.price,
      priceInc: b.priceInc,
      onsaleFlag: b.onsaleFlag,
    })),
  );
}
