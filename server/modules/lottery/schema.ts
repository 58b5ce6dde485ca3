import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Lotteries at /lottery/{name}. play_condition_type: 1 once a day (Tokyo), 2 once per lottery
 * period, 3 once per purchase (each paid order placed in the lottery period gives one play).
 */
export const lotteries = pgTable(
  "lotteries",
  {
    lotteryId: integer("lottery_id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    img: text("img"),
    /** Markup shown above and below the draw button. */
    upperPageContent: text("upper_page_content"),
    lowerPageContent: text("lower_page_content"),
    shareUrl: text("share_url"),
    playConditionType: smallint("play_condition_type").notNull().default(1),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("lotteries_name_key").on(t.name)],
);

/**
 * Prizes drawn with probability weight / sum(weight) among those with stock left (null stock:
 * unlimited). prize is what the client shows: { name, rank, img, description, point, coupon_id }.
 */
export const lotteryPrizes = pgTable(
  "lottery_prizes",
  {
    prizeId: integer("prize_id").primaryKey().generatedByDefaultAsIdentity(),
    lotteryId: integer("lottery_id")
      .notNull()
      .references(() => lotteries.lotteryId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    prize: jsonb("prize").notNull(),
    weight: integer("weight").notNull(),
    stock: integer("stock"),
  },
  (t) => [
    index("lottery_prizes_lottery_id_idx").on(t.lotteryId, t.position),
    check("lottery_prizes_weight_check", sql`${t.weight} > 0`),
    check("lottery_prizes_stock_check", sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

export const lotteryPlays = pgTable(
  "lottery_plays",
  {
    lotteryPlayId: integer("lottery_play_id").primaryKey().generatedByDefaultAsIdentity(),
    lotteryId: integer("lottery_id")
      .notNull()
      .references(() => lotteries.lotteryId, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    prizeId: integer("prize_id").references(() => lotteryPrizes.prizeId),
    conditionType: smallint("condition_type").notNull(),
    /**
     * The play right this play used up: the Tokyo date (once a day), "period" (once per lottery)
     * or "order:{id}" (once per purchase). Unique per member and lottery, so two simultaneous
     * plays on one right cannot both be recorded.
     */
    playKey: text("play_key").notNull(),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lottery_plays_lottery_user_idx").on(t.lotteryId, t.userId, t.playedAt),
    uniqueIndex("lottery_plays_right_key").on(t.lotteryId, t.userId, t.playKey),
  ],
);

export type Lottery = typeof lotteries.$inferSelect;
export type LotteryPrize = typeof lotteryPrizes.$inferSelect;
