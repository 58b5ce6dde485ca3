import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A daily login stamp card (/stamp, /api/login_stamps); the current one covers today. */
export const loginStampCards = pgTable(
  "login_stamp_cards",
  {
    cardId: integer("card_id").primaryKey().generatedByDefaultAsIdentity(),
    imageUrl: text("image_url").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    description: text("description"),
    /** Hex without '#'. */
    bgColor: text("bg_color"),
    bgImageUrl: text("bg_image_url"),
    /** Style of the 本日のスタンプはGET済みです！ band (CSS declarations). */
    bandStyle: text("band_style"),
    stampCount: integer("stamp_count").notNull(),
  },
  (t) => [
    index("login_stamp_cards_period_idx").on(t.startDate, t.endDate),
    check("login_stamp_cards_period_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** The cells of a card, six per row (row and col are 1-based). */
export const stampBoxes = pgTable(
  "stamp_boxes",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => loginStampCards.cardId, { onDelete: "cascade" }),
    stampNo: integer("stamp_no").notNull(),
    row: integer("row").notNull(),
    col: integer("col").notNull(),
    imageUrlOn: text("image_url_on").notNull(),
    imageUrlOff: text("image_url_off").notNull(),
    /** Points granted when this cell is pressed; null for none. */
    rewardPoint: integer("reward_point"),
    /** A coupon handed to the member when this cell is pressed. */
    rewardCouponId: integer("reward_coupon_id"),
    /** Points sent to the present box (received there) when this cell is pressed. */
    rewardPresentPoint: integer("reward_present_point"),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.stampNo] })],
);

/** One press per member and day; stamp_no counts up on the card. */
export const userStamps = pgTable(
  "user_stamps",
  {
    userId: integer("user_id").notNull(),
    cardId: integer("card_id")
      .notNull()
      .references(() => loginStampCards.cardId, { onDelete: "cascade" }),
    stampNo: integer("stamp_no").notNull(),
    pressedOn: date("pressed_on", { mode: "string" }).notNull(),
    pressedAt: timestamp("pressed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member first saw this stamp on the card (the stamp dialog or /stamp). A stamp is
     * pressed by whatever page opens the day; the card animates it on the first showing only.
     */
    shownAt: timestamp("shown_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cardId, t.stampNo] }),
    uniqueIndex("user_stamps_user_day_key").on(t.userId, t.pressedOn),
  ],
);

export type LoginStampCard = typeof loginStampCards.$inferSelect;
export type StampBox = typeof stampBoxes.$inferSelect;
