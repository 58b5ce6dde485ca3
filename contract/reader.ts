/**
 * The reader (spec 001 §2.7, §6, §7.4): what one volume lets the caller read, where a member left
 * off, and what the end of the volume offers next. Pages hold only the readable ones; the rest of
 * the volume is reached through `offer`.
 */

/**
 * Why the caller may read a volume: owned (on the bookshelf), free for everyone, free through a
 * running campaign, free for members from the series' member_free_vol up, trial pages only, or none.
 */
export type ReadingEntitlement =
  | "owned"
  | "free"
  | "campaign_free"
  | "member_free"
  | "trial"
  | "none";

/** One page image; url like /media/books/{id}/pages/{n}.png, the client adds ?w=<px>. */
export interface ReaderPage {
  page: number;
  url: string;
}

/**
 * The widths page images come in (?w=); any other width is served at the nearest one. The widest
 * stays under the image pipeline's 2000 px side at the page aspect 720 × 1024.
 */
export const READER_PAGE_WIDTHS = [360, 720, 1080, 1400] as const;

export interface ReaderNextBook {
  book_id: number;
  series_id: number;
  title: string;
  volume: number;
  cover_url: string;
  /**
   * The card's button (spec 000 §4): read when owned or free to the caller, sign-up when a
   * visitor would read it free as a member, else buy / cart state.
   */
  button: "read" | "free_read" | "signup" | "buy" | "cart" | "in_cart";
  price: number | null;
  item_id: number;
}

/** What to do about the pages past readable_pages: sign up (member-free) or buy the volume. */
export interface ReaderOffer {
  kind: "buy" | "signup";
  book_id: number;
  item_id: number;
  price: number | null;
  in_cart: boolean;
}

export type ReadingDirection = "rtl" | "ltr";

/** GET /api/reader/:bookId answers `{ result: true, ...ReaderBook }`. */
export interface ReaderBook {
  book: {
    book_id: number;
    series_id: number;
    series_title: string;
    title: string;
    volume: number;
    page_count: number;
    /** タテヨミ (genre 20): pages scroll top to bottom instead of turning. */
    vertical: boolean;
    cover_url: string;
    /** Page aspect. */
    width: number;
    height: number;
  };
  entitlement: ReadingEntitlement;
  readable_pages: number;
  /** Only the readable ones. */
  pages: ReaderPage[];
  /** Members only. */
  position: { page: number; finished: boolean } | null;
  /** The member's setting; visitors rtl. */
  direction: ReadingDirection;
  /** Present when readable_pages < page_count. */
  offer: ReaderOffer | null;
  next_book: ReaderNextBook | null;
  my_rating: number | null;
  is_login: boolean;
  /** The member's しおり in this volume, by page; visitors none. */
  bookmarks: ReaderBookmark[];
}

/** POST /api/reader/progress */
export interface ReaderProgressInput {
  book: number;
  page: number;
  finished?: boolean;
}

/** POST /api/reader/settings */
export interface ReaderSettingsInput {
  direction: ReadingDirection;
}

/** POST /api/book_rating (spec 001 §7.4). */
export interface BookRatingInput {
  series: number;
  book: number;
  rating: 1 | 2 | 3 | 4 | 5;
}

/**
 * しおり (decision 0109): a page a member marked in a volume, kept on the server so every device
 * sees it. `page` is the volume's page number; `note` may be empty.
 */
export interface ReaderBookmark {
  page: number;
  note: string;
  created_at: string;
}

/** A member keeps at most this many しおり in one volume. */
export const BOOKMARKS_PER_VOLUME = 50;
/** A しおり's note is one line of at most this many characters. */
export const BOOKMARK_NOTE_MAX = 100;

/** POST /api/reader/bookmarks adds; POST /api/reader/bookmarks/delete removes (no note). */
export interface ReaderBookmarkInput {
  book: number;
  page: number;
  note?: string;
}

/** The address of a page's small image (the media route's thumb width), under the page's own entitlement. */
export function thumbUrl(pageUrl: string): string {
  return pageUrl.replace(/\/pages\/(\d+)\.png/, "/thumbs/$1.png");
}

/**
 * The cover's small image, for the page grid and the cover's placeholder in the reader: the
 * store's own cover address at the thumbnails' width (the cover is public, like on every card).
 */
export function coverThumbUrl(coverUrl: string): string {
  return `${coverUrl}${coverUrl.includes("?") ? "&" : "?"}w=160`;
}
