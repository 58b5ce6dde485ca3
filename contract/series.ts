import type { AuthorRef, FeatureItem, GenreRef, Pattern, PolicyType, SeriesItem } from "./items";

/**
 * The series page calls (spec 001 §3 "Series info", "Book", "Series user data") and the display
 * rules of spec 001 §1, §4 and §5 that the page and the personal answers share.
 */

/** Spec 001 §1, §9: visitors see free volumes from this number upward as free for members only. */
export const DEFAULT_MEMBER_FREE_VOL = 2;

export interface CategoryRef {
  category_id: number;
  name: string;
}

export interface TagRef {
  tag_id: number;
  name: string;
}

export interface CreditedAuthor extends AuthorRef {
  /** 著者, 原作, 漫画, 作画, キャラクター原案 … */
  role: string;
}

export interface LabelRef {
  label_id: number;
  name: string;
}

export interface SeriesInfo {
  series_id: number;
  /** The sellable item of the newest released volume (what the series price refers to). */
  item_id: number | null;
  /** Number of the newest released volume. */
  volume: number | null;
  publisher_id: number;
  publisher_name: string;
  /** Newest released volume, yen without and with tax, after any running sale. */
  price: number;
  price_inc: number;
  img: string;
  name: string;
  rating_average: number;
  rating_count: number;
  description: string;
  genres: GenreRef[];
  categories: CategoryRef[];
  authors: CreditedAuthor[];
  tags: TagRef[];
  label: LabelRef | null;
  new_flag: boolean;
  /** Some volume of the series is in the member's cart (false in shared answers). */
  cart_flag: boolean;
  complete_flag: boolean;
  /** Every released volume can be read free (by members for member-free ones). */
  all_free_flag: boolean;
  /** Some but not all released volumes are free. */
  part_free_flag: boolean;
  /** A running campaign sells some volume below its list price. */
  sale_flag: boolean;
  /** Volumes listed (released ones). */
  book_count: number;
  own_book_count: number;
  /** Volumes published so far, the number on series cards. */
  volume_count: number;
  campaign_count: number;
  cart_count: number;
  favorite_flag: boolean;
  /** Release date (YYYY-MM-DD, Tokyo) of the next volume not yet on sale, if one is announced. */
  next_release_date: string | null;
  /** That volume's page (予約 is taken there when the volume takes reservations), or null. */
  next_release_book_id: number | null;
}

/** The campaign a volume is part of (spec 001 §3 Book.campaign_item). */
export interface CampaignItem {
  campaign_id: number;
  name: string;
  policy_type: PolicyType;
  sale_pct: number | null;
  label: string | null;
  /** YYYY-MM-DD HH:mm (Tokyo), empty when open-ended. */
  end_date: string;
}

export interface Book {
  book_id: number;
  item_id: number;
  volume: number;
  title: string;
  img: string;
  free_flag: boolean;
  member_free_flag: boolean;
  onsale_flag: boolean;
  /** Tax-included yen the reader pays now (after a running sale; 0 when free). */
  price: number;
  /** List price before the sale, tax included; null when not discounted. */
  before_price: number | null;
  coupon_flag: boolean;
  available_coupon_id: number | null;
  /** YYYY-MM-DD HH:mm (Tokyo) or empty. */
  coupon_end_date: string;
  /** 1 percent off, 2 yen off. */
  coupon_discount_type: number | null;
  coupon_discount_value: number | null;
  campaign_item: CampaignItem | null;
  trial_page_count: number;
  page_count: number;
  /** YYYY-MM-DD (Tokyo). */
  item_start_date: string;
  description: string;
}

export interface CampaignSummary {
  campaign_id: number;
  name: string;
  img: string;
  url: string;
  end_date: string;
  policy_types: PolicyType[];
}

export interface SeriesMain {
  series: SeriesInfo;
  books: Book[];
  related: SeriesItem[];
  campaigns: CampaignSummary[];
}

export interface SeriesCoupon {
  coupon_id: number;
  name: string;
  discount_type: number;
  discount_value: number;
  end_date: string;
  received_flag: boolean;
  /** Received, unused and still valid. */
  enabled: boolean;
}

export interface SeriesUserData {
  favorite: boolean;
  notification: boolean;
  /** book_id → 1..5 stars the member gave. */
  ratings: Record<string, number>;
  read_finish_books: number[];
  /** Volume the member is reading now (last opened, unfinished), or null. */
  reading_volume: number | null;
  continue_book: { book_id: number; volume: number; page: number } | null;
  cart_items: number[];
  own_items: number[];
  coupons: {
    series_coupon: SeriesCoupon[];
    /** book_id → coupons that apply to that volume only. */
    book_coupon: Record<string, SeriesCoupon[]>;
    /** Coupons for this series the member can still receive. */
    new_apply_coupon_ids: number[];
  };
}

export interface SeriesInit {
  use_cache: boolean;
  cache_key: string;
  member_free_vol: number;
  login: boolean;
  os: string;
}

export interface FeaturesAnswer {
  features: FeatureItem[];
}

export interface PagedSeries {
  data: SeriesItem[];
  pattern: Pattern;
}

/**
 * Spec 001 §1, §6: a visitor does not get free volumes from the member-free volume number upward;
 * they are shown as free for members only. Members read member-free volumes free.
 */
export function applyMemberFreeRule<
  T extends Pick<Book, "volume" | "free_flag" | "member_free_flag">,
>(books: readonly T[], isLogin: boolean, memberFreeVol: number = DEFAULT_MEMBER_FREE_VOL): T[] {
  if (isLogin) return books.map((b) => ({ ...b }));
  return books.map((b) =>
    b.free_flag && b.volume >= memberFreeVol
      ? { ...b, free_flag: false, member_free_flag: true }
      : { ...b },
  );
}

/** Free to read for this viewer, after applyMemberFreeRule. */
export function readsFree(
  book: Pick<Book, "free_flag" | "member_free_flag">,
  isLogin: boolean,
): boolean {
  return book.free_flag || (isLogin && book.member_free_flag);
}

/**
 * Spec 001 §4: books not on sale and not owned are removed once user data is known; when none
 * remain the series is treated as not released.
 */
export function visibleBooks<T extends Pick<Book, "item_id" | "onsale_flag">>(
  books: readonly T[],
  ownItems: readonly number[],
): T[] {
  const own = new Set(ownItems);
  return books.filter((b) => b.onsale_flag || own.has(b.item_id));
}

export function isNotReleased(
  books: readonly Pick<Book, "item_id" | "onsale_flag">[],
  ownItems: readonly number[],
): boolean {
  return visibleBooks(books, ownItems).length === 0;
}

/** Spec 001 §4: buyable books have a non-zero price and are neither in the cart nor owned. */
export function buyableBooks<T extends Pick<Book, "item_id" | "price" | "onsale_flag">>(
  books: readonly T[],
  cartItems: readonly number[],
  ownItems: readonly number[],
): T[] {
  const cart = new Set(cartItems);
  const own = new Set(ownItems);
  return books.filter(
    (b) => b.onsale_flag && b.price > 0 && !cart.has(b.item_id) && !own.has(b.item_id),
  );
}

/** Spec 001 §5: the price is shown only for books not owned and not free. */
export function showsPrice(
  book: Pick<Book, "item_id" | "free_flag" | "member_free_flag" | "price">,
  ownItems: readonly number[],
  isLogin: boolean,
): boolean {
  if (ownItems.includes(book.item_id)) return false;
  if (readsFree(book, isLogin)) return false;
  return true;
}

export const SERIES_USER_DEFAULTS: SeriesUserData = {
  favorite: false,
  notification: false,
  ratings: {},
  read_finish_books: [],
  reading_volume: null,
  continue_book: null,
  cart_items: [],
  own_items: [],
  coupons: { series_coupon: [], book_coupon: {}, new_apply_coupon_ids: [] },
};

/** One volume with its series and its neighbours (/api/series/books, the volume page). */
export interface VolumeAnswer {
  series: SeriesInfo;
  book: Book;
  books: Book[];
  prev: Book | null;
  next: Book | null;
}

/** A volume's sale periods (/api/book_period, the /period screen). */
export interface BookPeriod extends VolumeAnswer {
  /** Spec 001 §4: a volume's period type is free or paid. */
  period_type: "free" | "paid";
  /** How this viewer gets it: buy, or read free. */
  buy_status: "buy" | "free";
  /** When the free period ends (a free campaign), YYYY-MM-DD HH:mm:ss Tokyo; empty if open. */
  period_end_date: string;
  /** Free for members only (what a visitor sees as 会員登録で無料). */
  member_only: boolean;
}
