import type { BookshelfQuery } from "../../../contract/bookshelf";
import {
  BOOKSHELF_DEFAULT_VIEW_MODE,
  BOOKSHELF_VIEW_MODE_KEY,
  type BookshelfViewMode,
} from "../../../contract/bookshelf-rules";

export type ShelfTab = "manga" | "cd";

/** The /bookshelf address for a query: only what differs from the defaults, so links stay short. */
export function shelfHref(
  query: Partial<BookshelfQuery>,
  tab: ShelfTab = "manga",
  path = "/bookshelf",
): string {
  const p = new URLSearchParams();
  if (tab === "cd") p.set("tab", "cd");
  if (query.category) p.set("category", String(query.category));
  if (query.period_type) p.set("period_type", query.period_type);
  if (query.buy_status) p.set("buy_status", query.buy_status);
  if (query.unread) p.set("unread", "1");
  if (query.finished) p.set("finished", "1");
  if (query.sort && query.sort !== "bought") p.set("sort", query.sort);
  if (query.page && query.page > 1) p.set("page", String(query.page));
  const text = p.toString();
  return text ? `${path}?${text}` : path;
}

/** Spec 001 §4, §9: the view mode is kept in this browser; 2 (grid) unless the member chose 1. */
export function storedViewMode(storage: Pick<Storage, "getItem"> | null): BookshelfViewMode {
  const value = storage?.getItem(BOOKSHELF_VIEW_MODE_KEY);
  return value === "1" ? 1 : value === "2" ? 2 : BOOKSHELF_DEFAULT_VIEW_MODE;
}

export function storeViewMode(storage: Pick<Storage, "setItem"> | null, mode: BookshelfViewMode) {
  try {
    storage?.setItem(BOOKSHELF_VIEW_MODE_KEY, String(mode));
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}
