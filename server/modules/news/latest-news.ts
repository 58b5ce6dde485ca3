import { desc, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokyoDateTime } from "../../lib/clock";
import { news } from "./schema";

/** A notice is marked new for this long after it is published. */
export const NEWS_NEW_DAYS = 7;

/** The newest published notices (home answer latest_news). */
export async function latestNews(db: Db, limit: number, now: Date) {
  const rows = await db
    .select({ mNewsId: news.mNewsId, title: news.title, publishedAt: news.publishedAt })
    .from(news)
    .where(lte(news.publishedAt, now))
    .orderBy(desc(news.publishedAt), desc(news.mNewsId))
    .limit(limit);
  return rows.map((r) => ({
    m_news_id: r.mNewsId,
    title: r.title,
    published_at: tokyoDateTime(r.publishedAt),
    new_flag: now.getTime() - r.publishedAt.getTime() < NEWS_NEW_DAYS * 86_400_000,
  }));
}
