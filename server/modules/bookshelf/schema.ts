import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What a member did to a series on their shelf in edit mode. hidden_at: hidden (listed on
 * /bookshelf_reveal until shown again). removed_at: a free-read series taken off the shelf; it
 * comes back only when the member reads it again after that time.
 */
export const bookshelfSeriesMarks = pgTable(
  "bookshelf_series_marks",
  {
    userId: integer("user_id").notNull(),
    seriesId: integer("series_id").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ name: "bookshelf_series_marks_pkey", columns: [t.userId, t.seriesId] })],
);

/**
 * Per-member shelf settings. passcode_hash: 本棚ロック is on (scrypt, salted); unlocked_until:
 * the shelf opened with the passcode until then, on every device. history_cleared_at:
 * 履歴を削除 — reading before this no longer shows in 最近チェックしたマンガ (reading positions
 * stay, as the reader resumes from them).
 */
export const bookshelfSettings = pgTable("bookshelf_settings", {
  userId: integer("user_id").primaryKey(),
  passcodeHash: text("passcode_hash"),
  unlockedUntil: timestamp("unlocked_until", { withTimezone: true }),
  historyClearedAt: timestamp("history_cleared_at", { withTimezone: true }),
});
