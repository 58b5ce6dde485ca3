import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * 予約購入 (issue 25 item 3, decision 0116): a member's reservation of an announced volume at
 * the price of the day. The job pays it on release (at the lower of that price and the price
 * then) and writes the order's id; a charge that fails leaves it failed with the store's reason.
 * One live reservation per member and volume; a cancelled one may be made again.
 */
export const preorders = pgTable(
  "preorders",
  {
    preorderId: integer("preorder_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    bookId: integer("book_id").notNull(),
    itemId: integer("item_id").notNull(),
    seriesId: integer("series_id").notNull(),
    /** Yen, tax included: the price the member agreed to; never charged more. */
    reservedPrice: integer("reserved_price").notNull(),
    /** reserved | paid | failed | cancelled */
    status: text("status").notNull().default("reserved"),
    orderId: integer("order_id"),
    paidPrice: integer("paid_price"),
    failureMessage: text("failure_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("preorders_user_book_live_idx")
      .on(t.userId, t.bookId)
      .where(sql`${t.status} <> 'cancelled'`),
    index("preorders_user_idx").on(t.userId, t.createdAt),
    index("preorders_reserved_idx").on(t.bookId).where(sql`${t.status} = 'reserved'`),
  ],
);

/**
 * 新刊自動購入 (issue 25 item 4): the series a member has its new volumes bought for. Volumes
 * released from created_at on are bought; paused ones are passed over while paused.
 */
export const autoPurchaseSeries = pgTable(
  "auto_purchase_series",
  {
    userId: integer("user_id").notNull(),
    seriesId: integer("series_id").notNull(),
    paused: boolean("paused").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seriesId] }),
    index("auto_purchase_series_series_idx").on(t.seriesId),
  ],
);

/** The member's 月の上限金額 (null: none) and whether points pay first, for both kinds. */
export const standingOrderSettings = pgTable("standing_order_settings", {
  userId: integer("user_id").primaryKey(),
  monthlyCap: integer("monthly_cap"),
  usePoints: boolean("use_points").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each volume the job bought for a member, or decided not to (cap, pause, owned, a decline).
 * The unique (user_id, book_id) is claimed inside the purchase's transaction: a retried or
 * doubled run, or a second process, finds it and never buys twice.
 */
export const autoPurchases = pgTable(
  "auto_purchases",
  {
    autoPurchaseId: integer("auto_purchase_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    bookId: integer("book_id").notNull(),
    seriesId: integer("series_id").notNull(),
    /** paid | skipped | failed */
    status: text("status").notNull(),
    /** Yen, tax included, that the volume cost (what the monthly cap counts). */
    amount: integer("amount").notNull().default(0),
    orderId: integer("order_id"),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auto_purchases_user_book_idx").on(t.userId, t.bookId),
    index("auto_purchases_user_created_idx").on(t.userId, t.createdAt),
  ],
);
