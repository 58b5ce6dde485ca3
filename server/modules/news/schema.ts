import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Store announcements (/news, /news_detail). new_flag is derived from published_at. A notice is
 * in the store while it is no draft, not withdrawn and its published_at has come: a time ahead
 * is a scheduled notice, which appears by itself (the queries compare with the clock).
 */
export const news = pgTable(
  "news",
  {
    mNewsId: integer("m_news_id").primaryKey().generatedByDefaultAsIdentity(),
    title: text("title").notNull(),
    /** May contain simple markup (<p>, <a>, <br>). */
    body: text("body").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    /** The 重要 mark the lists show before the title. */
    important: boolean("important").notNull().default(false),
    /** Written by an editor and not yet published (the ops editor's 下書き). */
    draft: boolean("draft").notNull().default(false),
    /** Taken out of the store by an editor; restoring clears it. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("news_published_at_idx").on(t.publishedAt)],
);

export type News = typeof news.$inferSelect;
