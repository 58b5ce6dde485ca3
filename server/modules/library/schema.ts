import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** How a member came to own an item; 'free' is a zero-price volume taken onto the bookshelf. */
export type AcquisitionSource = "purchase" | "free" | "present" | "campaign";

/**
 * The bookshelf: one row per owned item, which is what get_flag means. Item, series, book and CD
 * ids belong to the catalog and drama-CD modules and stay plain integers (no cross-module keys).
 */
export const userItems = pgTable(
  "user_items",
  {
    userItemId: integer("user_item_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    itemId: integer("item_id").notNull(),
    /** 0 book (volume), 101 drama CD. */
    itemType: smallint("item_type").notNull(),
    seriesId: integer("series_id"),
    bookId: integer("book_id"),
    cdId: integer("cd_id"),
    source: text("source").$type<AcquisitionSource>().notNull(),
    /** Set when source is 'purchase', so the order detail and the bookshelf agree. */
    orderId: integer("order_id"),
    /** Hidden from the bookshelf by the member; /bookshelf_reveal lists these to show them again. */
    hidden: boolean("hidden").notNull().default(false),
    acquiredAt: timestamp("acquired_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_items_user_item_key").on(t.userId, t.itemId),
    // The bookshelf groups by series and sorts by most recently acquired.
    index("user_items_user_acquired_idx").on(t.userId, t.acquiredAt.desc()),
    index("user_items_user_series_idx").on(t.userId, t.seriesId),
    index("user_items_order_idx").on(t.orderId),
    check(
      "user_items_source_check",
      sql`${t.source} in ('purchase', 'free', 'present', 'campaign')`,
    ),
  ],
);

/** 気になる (favourite) on a series. */
export const seriesFavorites = pgTable(
  "series_favorites",
  {
    userId: integer("user_id").notNull(),
    seriesId: integer("series_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "series_favorites_pkey", columns: [t.userId, t.seriesId] }),
    // Favourite counts per series feed rankings and recommendations.
    index("series_favorites_series_idx").on(t.seriesId),
    index("series_favorites_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const cdFavorites = pgTable(
  "cd_favorites",
  {
    userId: integer("user_id").notNull(),
    cdId: integer("cd_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "cd_favorites_pkey", columns: [t.userId, t.cdId] }),
    index("cd_favorites_cd_idx").on(t.cdId),
  ],
);

/** New-volume notifications a member switched on for a series. */
export const seriesNotifications = pgTable(
  "series_notifications",
  {
    userId: integer("user_id").notNull(),
    seriesId: integer("series_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "series_notifications_pkey", columns: [t.userId, t.seriesId] }),
    // A new volume is announced to everyone watching its series.
    index("series_notifications_series_idx").on(t.seriesId),
  ],
);

/**
 * Where a member is in each volume: continue_book, reading_volume and read_finish_books come from
 * here, and read counts per series (rankings, readSeriesCount) from updated_at.
 */
export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: integer("user_id").notNull(),
    bookId: integer("book_id").notNull(),
    seriesId: integer("series_id").notNull(),
    /** Page to resume at, 1-based; back to 1 once the volume is finished. */
    page: integer("page").notNull().default(1),
    finished: boolean("finished").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "reading_progress_pkey", columns: [t.userId, t.bookId] }),
    // The recently-read popup and continue-reading pick the latest rows of a member.
    index("reading_progress_user_updated_idx").on(t.userId, t.updatedAt.desc()),
    index("reading_progress_user_series_idx").on(t.userId, t.seriesId),
    // Read rankings count members per series over a time window.
    index("reading_progress_updated_series_idx").on(t.updatedAt, t.seriesId),
  ],
);

/** Viewing history (最近チェックしたマンガ): one row per series, moved to the top on each view. */
export const seriesViews = pgTable(
  "series_views",
  {
    userId: integer("user_id").notNull(),
    seriesId: integer("series_id").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "series_views_pkey", columns: [t.userId, t.seriesId] }),
    index("series_views_user_viewed_idx").on(t.userId, t.viewedAt.desc()),
  ],
);

/** Search words a member used; a repeated word moves to the top instead of appearing twice. */
export const searchHistory = pgTable(
  "search_history",
  {
    searchHistoryId: integer("search_history_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    word: text("word").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("search_history_user_word_key").on(t.userId, t.word),
    index("search_history_user_searched_idx").on(t.userId, t.searchedAt.desc()),
  ],
);

export type UserItem = typeof userItems.$inferSelect;
export type ReadingProgress = typeof readingProgress.$inferSelect;
