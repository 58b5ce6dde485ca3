import type { AppLoadContext } from "react-router";
import { bookshelfInput } from "../../../contract/bookshelf";
import { bookshelfCds, bookshelfPage } from "../../../server/modules/bookshelf/service";
import { shelfQueryOf } from "./shelf-query";

/** /bookshelf: the manga tab's page of series or the drama-CD tab, as the address asks. */
export async function loadBookshelf(context: AppLoadContext, userId: number, request: Request) {
  const { tab, query } = shelfQueryOf(new URL(request.url).searchParams);
  const db = context.services.db;
  const now = new Date();
  if (tab === "cd") {
    const category = query.category === 2 ? 2 : 0;
    const cds = await bookshelfCds(db, userId, { category, page: query.page }, now);
    return { tab, query, shelf: null, cds };
  }
  return { tab, query, shelf: await bookshelfPage(db, userId, query, now), cds: null };
}

/** /bookshelf_reveal: the series the member hid, to show again. */
export async function loadHiddenSeries(context: AppLoadContext, userId: number, request: Request) {
  const page = bookshelfInput.shape.page.safeParse(
    new URL(request.url).searchParams.get("page") ?? undefined,
  );
  const query = bookshelfInput.parse({
    hidden: true,
    sort: "title",
    page: page.success ? page.data : 1,
  });
  return bookshelfPage(context.services.db, userId, query, new Date());
}
