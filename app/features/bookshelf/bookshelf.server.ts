import { type AppLoadContext, data } from "react-router";
import { type BookshelfQuery, bookshelfInput } from "../../../contract/bookshelf";
import { NOT_KEPT_HEADER } from "../../../contract/kept-page";
import { bookshelfScreen } from "../../../server/pages/bookshelf";
import type { ShelfTab } from "./shelf-query";

/**
 * What /bookshelf?… asks for. A malformed address (an old bookmark) shows the shelf with the
 * defaults rather than an error; the API itself answers such input with a 400.
 */
export function shelfQueryOf(params: URLSearchParams): { tab: ShelfTab; query: BookshelfQuery } {
  const tab: ShelfTab = params.get("tab") === "cd" ? "cd" : "manga";
  const raw = Object.fromEntries(params);
  delete raw.tab;
  delete raw.hidden;
  const parsed = bookshelfInput.safeParse(raw);
  return { tab, query: parsed.success ? parsed.data : bookshelfInput.parse({}) };
}

/** /bookshelf: the manga tab's page of series or the drama-CD tab, as the address asks. */
export async function loadBookshelf(context: AppLoadContext, userId: number, request: Request) {
  const { tab, query } = shelfQueryOf(new URL(request.url).searchParams);
  const screen = await bookshelfScreen(context.services.db, userId, { tab, query });
  // A locked shelf opened for minutes shuts by the clock: such a render is not served again.
  // The drama-CD tab's answer does not say whether a lock is on, so it is never kept.
  const lapses = screen.shelf ? screen.shelf.lock_enabled && !screen.shelf.locked : true;
  return data({ tab, query, ...screen }, lapses ? { headers: { [NOT_KEPT_HEADER]: "1" } } : {});
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
  const { shelf } = await bookshelfScreen(context.services.db, userId, { tab: "manga", query });
  // The manga tab always answers a shelf.
  return shelf!;
}
