import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ReadingDirection } from "../../../contract/reader";

/**
 * The reader's own table: how a member turns pages. Where a member is in each volume lives in
 * library's reading_progress (continue_book, read counts and read rankings already come from it),
 * and star ratings in review's book_ratings; see decision 0019.
 */
export const readerSettings = pgTable(
  "reader_settings",
  {
    userId: integer("user_id").primaryKey(),
    direction: text("direction").$type<ReadingDirection>().notNull().default("rtl"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("reader_settings_direction_check", sql`${t.direction} in ('rtl', 'ltr')`)],
);

/**
 * しおり (decision 0109): pages a member marked in a volume, with an optional note. One per
 * member, volume and page; at most BOOKMARKS_PER_VOLUME per volume (the service keeps the cap
 * under a lock of the member's row set). Pages are the volume's page numbers (1..page_count).
 */
export const readerBookmarks = pgTable(
  "reader_bookmarks",
  {
    bookmarkId: bigint("bookmark_id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").notNull(),
    bookId: integer("book_id").notNull(),
    page: integer("page").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reader_bookmarks_user_book_page_key").on(t.userId, t.bookId, t.page),
    check("reader_bookmarks_page_check", sql`${t.page} >= 1`),
    check("reader_bookmarks_note_check", sql`char_length(${t.note}) <= 100`),
  ],
);
