import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
