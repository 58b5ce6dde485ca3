import type { AppLoadContext } from "react-router";
import { bookshelfInput } from "../../../contract/bookshelf";
import { bookshelfScreen } from "../../../server/pages/bookshelf";
import { shelfQueryOf } from "./shelf-query";

/** /bookshelf: the manga tab's page of series or the drama-CD tab, as the address asks. */
export async function loadBookshelf(context: AppLoadContext, userId: number, request: Request) {
  const { tab, query } = shelfQueryOf(new URL(request.url).searchParams);
  return { tab, query, ...(await bookshelfScreen(context.services.db, userId, { tab, query })) };
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
