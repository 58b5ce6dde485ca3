import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dashboard's figures of each closed Tokyo day (decision 0103), kept so that a year of a
 * million orders is a read of a few thousand rows. figure names what is counted (orders, sales,
 * members, payment_orders, coupon_orders …), key what it is counted per (a payment type, a
 * coupon; 0 for the whole day). A day holds a `summarised` row once it was built, so a day
 * without a single order is told from a day never built. Rebuilt from the owning modules'
 * tables by the summary job and whenever a read finds a closed day missing.
 */
export const dashboardDaily = pgTable(
  "dashboard_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    figure: text("figure").notNull(),
    key: integer("key").notNull().default(0),
    value: bigint("value", { mode: "number" }).notNull(),
    summarisedAt: timestamp("summarised_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.figure, t.key] })],
);
