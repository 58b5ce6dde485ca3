import { z } from "zod";
import {
  BOOKSHELF_CATEGORIES,
  BOOKSHELF_CD_CATEGORIES,
  BOOKSHELF_SORTS,
  type BookshelfCategory,
  type BookshelfSort,
} from "./bookshelf-rules";
import { blankToUndefined, oneOfNumbers, pageNumber, recordId } from "./input";
import type { Pattern } from "./items";

/**
 * The bookshelf (spec 001 §2.1 /bookshelf?category=, §4, §7.4 /api/bookshelf,
 * /api/bookshelf/doramacd; docs/decisions/0021-bookshelf.md).
 */

/** A 本棚ロック passcode: four digits, as phones' and stores' screen locks ask. */
export const bookshelfPasscode = z
  .string({ message: "passcode は4桁の数字で指定してください" })
  .regex(/^\d{4}$/, "passcode は4桁の数字で指定してください");

const flag = z.preprocess(
  (v) => (v === "1" || v === "true" ? true : v === "0" || v === "false" ? false : v),
  z.boolean({ message: "true か false で指定してください" }),
);

export const bookshelfInput = z.object({
  category: z.preprocess(
    blankToUndefined,
    oneOfNumbers(BOOKSHELF_CATEGORIES, "category は 0, 2, 4 のいずれかで指定してください").default(
      0,
    ),
  ),
  period_type: z.preprocess(
    blankToUndefined,
    z
      .enum(["paid", "free"], { message: "period_type は paid か free で指定してください" })
      .optional(),
  ),
  buy_status: z.preprocess(
    blankToUndefined,
    z.enum(["buy", "free"], { message: "buy_status は buy か free で指定してください" }).optional(),
  ),
  unread: z.preprocess(blankToUndefined, flag.default(false)),
  finished: z.preprocess(blankToUndefined, flag.default(false)),
  sort: z.preprocess(
    blankToUndefined,
    z
      .enum(BOOKSHELF_SORTS, {
        message: "sort は bought, read, title のいずれかで指定してください",
      })
      .default("bought"),
  ),
  /** true: the series the member hid (/bookshelf_reveal). */
  hidden: z.preprocess(blankToUndefined, flag.default(false)),
  page: pageNumber(),
});
export type BookshelfQuery = z.infer<typeof bookshelfInput>;

export const bookshelfCdInput = z.object({
  category: z.preprocess(
    blankToUndefined,
    oneOfNumbers(BOOKSHELF_CD_CATEGORIES, "category は 0 か 2 で指定してください").default(0),
  ),
  page: pageNumber(),
});

export const bookshelfSeriesInput = z.object({
  series: z.array(recordId("series")).min(1).max(100),
});
export const bookshelfLockInput = z.object({ passcode: bookshelfPasscode, enable: flag });
export const bookshelfUnlockInput = z.object({ passcode: bookshelfPasscode });

/** One volume of a shelf series. */
export interface ShelfVolume {
  book_id: number;
  volume: number;
  title: string;
  img: string;
  own_flag: boolean;
  /** Released within the new-volume window and not owned yet. */
  new_flag: boolean;
  /** Saved page (1-based), 0 when never opened. */
  page: number;
  page_count: number;
  finished_flag: boolean;
  /** The reader for a volume the member may read; the volume page otherwise. */
  url: string;
}

/** One series on the shelf (an element of `books`). */
export interface ShelfSeries {
  series_id: number;
  name: string;
  img: string;
  authors: string[];
  /** paid: owned volumes, readable for good; free: read for free, not owned; null: only a notice. */
  period_type: "paid" | "free" | null;
  /** buy: at least one volume bought; free: owned volumes all came free; null when none owned. */
  buy_status: "buy" | "free" | null;
  own_book_count: number;
  volume_count: number;
  new_book_count: number;
  unread_count: number;
  finished_flag: boolean;
  hidden_flag: boolean;
  notification_flag: boolean;
  /** タテヨミ: its volumes are episodes, named 第N話 (contract/episodes). */
  episodes_flag: boolean;
  /** "2026-11-21 09:30:00" Tokyo time, or "" */
  last_bought_at: string;
  last_read_at: string;
  /** 続きを読む: the volume read last (or the first unread owned one) in the reader. */
  continue_url: string;
  volumes: ShelfVolume[];
}

export interface FilterStatuses {
  category: BookshelfCategory;
  period_type: "paid" | "free" | null;
  buy_status: "buy" | "free" | null;
  unread: boolean;
  finished: boolean;
  sort: BookshelfSort;
  /** How many series each choice would show, among the category's. */
  counts: {
    all: number;
    paid: number;
    free: number;
    buy: number;
    free_buy: number;
    unread: number;
    finished: number;
  };
}

export interface BookshelfAnswer {
  pattern: Pattern;
  books: ShelfSeries[];
  filter_statuses: FilterStatuses;
  /** 本棚ロック is on and not opened: books is empty until /api/bookshelf/unlock. */
  locked: boolean;
  /** The member set a 本棚ロック passcode (locked or opened for now). */
  lock_enabled: boolean;
  hidden_count: number;
}

export interface ShelfCd {
  cd_id: number;
  name: string;
  img: string;
  url: string;
  casts: string[];
  acquired_at: string;
}

export interface BookshelfCdAnswer {
  pattern: Pattern;
  cds: ShelfCd[];
  locked: boolean;
}

/** /api/recently/books: 最近チェックしたマンガ. */
export interface RecentlyCheckedSeries {
  series_id: number;
  name: string;
  img: string;
  url: string;
  /** 続きを読む: the reader at the volume read last, or "" when the series was only viewed. */
  continue_url: string;
  continue_volume: number | null;
  /** タテヨミ: continue_volume is an episode (第N話). */
  episodes_flag: boolean;
  checked_at: string;
}
