import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "../commerce/schema";

/**
 * One 領収書 (receipt, a 適格請求書) per paid order (decision 0108): the 宛名 the member named on
 * first issue, locked from then on, when it was first issued, and how many later copies (再発行)
 * were made. The order's own row keeps every amount; the receipt stores none of them, so it can
 * never disagree with the order history.
 */
export const receipts = pgTable(
  "receipts",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.orderId, { onDelete: "cascade" }),
    addressee: text("addressee").notNull(),
    /** 様 (a person) or 御中 (a company or department). */
    honorific: text("honorific").notNull(),
    firstIssuedAt: timestamp("first_issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Copies made after the first; each shows 再発行. */
    reissueCount: integer("reissue_count").notNull().default(0),
    lastIssuedAt: timestamp("last_issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("receipts_honorific_check", sql`${t.honorific} in ('様', '御中')`),
    check("receipts_reissue_count_check", sql`${t.reissueCount} >= 0`),
    check("receipts_addressee_check", sql`char_length(${t.addressee}) between 1 and 40`),
  ],
);

export type Receipt = typeof receipts.$inferSelect;
