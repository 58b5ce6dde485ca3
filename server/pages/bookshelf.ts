import type { BookshelfQuery } from "../../contract/bookshelf";
import type { Db } from "../db/client";
import { bookshelfCds, bookshelfPage } from "../modules/bookshelf/service";

/**
 * /bookshelf and /bookshelf_reveal: the manga tab's page of series (hidden ones for the reveal
 * page) or the drama-CD tab, the same answers as /api/bookshelf and /api/bookshelf/cd.
 */
export async function bookshelfScreen(
  db: Db,
  userId: number,
  shelf: { tab: "manga" | "cd"; query: BookshelfQuery },
  now = new Date(),
) {
  if (shelf.tab === "cd") {
    const category = shelf.query.category === 2 ? 2 : 0;
    const cds = await bookshelfCds(db, userId, { category, page: shelf.query.page }, now);
    return { shelf: null, cds };
  }
  return { shelf: await bookshelfPage(db, userId, shelf.query, now), cds: null };
}
