import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Store announcements (/news, /news_detail). new_flag is derived from published_at. */
export const news = pgTable(
  "news",
  {
    mNewsId: integer("m_news_id").primaryKey().generatedByDefaultAsIdentity(),
    title: text("title").notNull(),
    /** May contain simple markup (<p>, <a>, <br>). */
    body: text("body").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("news_published_at_idx").on(t.publishedAt)],
);

export type News = typeof news.$inferSelect;
