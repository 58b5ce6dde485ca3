/**
 * The bookshelf's plain values (categories, sorts, view modes, the reader's address), free of
 * zod so browser code can import them (decision 0040's split; decision 0082). The call schemas
 * that use them are in bookshelf.ts.
 */

/** 0 すべて, 2 新刊 (new volumes of shelf series), 4 新刊お知らせ (notified series). */
export const BOOKSHELF_CATEGORIES = [0, 2, 4] as const;
export type BookshelfCategory = (typeof BOOKSHELF_CATEGORIES)[number];
export const BOOKSHELF_CATEGORY_LABELS: Record<BookshelfCategory, string> = {
  0: "すべて",
  2: "新刊",
  4: "新刊お知らせ",
};

/** Drama CDs: 0 すべて, 2 新着 (got lately). */
export const BOOKSHELF_CD_CATEGORIES = [0, 2] as const;

export const BOOKSHELF_SORTS = ["bought", "read", "title"] as const;
export type BookshelfSort = (typeof BOOKSHELF_SORTS)[number];
export const BOOKSHELF_SORT_LABELS: Record<BookshelfSort, string> = {
  bought: "購入日が新しい順",
  read: "最近読んだ順",
  title: "タイトル順",
};

/** Series on one page of the shelf. */
export const BOOKSHELF_PAGE_SIZE = 30;
/** Spec 001 §4, §9: the view mode kept in the browser; 2 is the grid of covers. */
export const BOOKSHELF_VIEW_MODES = [1, 2] as const;
export type BookshelfViewMode = (typeof BOOKSHELF_VIEW_MODES)[number];
export const BOOKSHELF_DEFAULT_VIEW_MODE: BookshelfViewMode = 2;
export const BOOKSHELF_VIEW_MODE_KEY = "bookshelf_view_mode";

export function readerUrl(bookId: number, seriesId: number): string {
  return `/viewer/speed.html?cid=${bookId}&series=${seriesId}`;
}

/** Spec 001 §2.3, §9: the bookshelf badge reads 99+ above 99. */
export const BOOKSHELF_BADGE_CAP = 99;
