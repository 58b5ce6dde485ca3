import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * 新刊のお知らせ (issue 25 item 10, decision 0114): one row per member and volume of a series the
 * member follows (the series' 通知, series_notifications), written when the volume went on sale.
 * The unique (user_id, book_id) is what keeps a retried or doubled run from telling twice.
 */
export const volumeNotices = pgTable(
  "volume_notices",
  {
    noticeId: integer("notice_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    seriesId: integer("series_id").notNull(),
    bookId: integer("book_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("volume_notices_user_book_idx").on(t.userId, t.bookId),
    index("volume_notices_user_created_idx").on(t.userId, t.createdAt),
    index("volume_notices_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * The volumes already announced: a volume is announced once, by the first run that finds it on
 * sale; a second instance's run, or the same run retried, finds the row and tells nobody again.
 */
export const volumeNoticeReleases = pgTable("volume_notice_releases", {
  bookId: integer("book_id").primaryKey(),
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull().defaultNow(),
  /** How many followers were told. */
  noticeCount: integer("notice_count").notNull().default(0),
});

/** The member's channels beyond the store's own list: mail is opt-in (off until turned on). */
export const volumeNoticeSettings = pgTable("volume_notice_settings", {
  userId: integer("user_id").primaryKey(),
  mail: boolean("mail").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One browser's Web Push subscription (opt-in: the browser's own permission and subscribe). The
 * endpoint is the browser's, unique: the member signed in on that browser receives.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    subscriptionId: integer("subscription_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
