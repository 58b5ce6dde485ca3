import { and, desc, eq, isNull, lte, type SQL } from "drizzle-orm";
import type { NewsListItem } from "../../../contract/news";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { news } from "./schema";

/** A notice is marked new for this long after it is published. */
export const NEWS_NEW_DAYS = 7;

export const isNew = (publishedAt: Date, now: Date) =>
  now.getTime() - publishedAt.getTime() < NEWS_NEW_DAYS * 86_400_000;

/**
 * What the store shows at `now`: published (no draft), not withdrawn, its time come. Every
 * store query of notices reads this one condition, so an editor's schedule means the same on
 * /news, /news_detail and /home.
 */
export function inStore(now: Date): SQL {
  return and(eq(news.draft, false), isNull(news.withdrawnAt), lte(news.publishedAt, now))!;
}

/**
 * The newest published notices (home answer latest_news), the same for everybody: read_flag is
 * set per request by withReadFlags.
 */
export async function latestNews(db: Db, limit: number, now: Date): Promise<NewsListItem[]> {
  const rows = await db
    .select(LIST_FIELDS)
    .from(news)
    .where(inStore(now))
    .orderBy(desc(news.publishedAt), desc(news.mNewsId))
    .limit(limit);
  return rows.map((r) => newsItem(r, now));
}

/** The columns a list of notices reads. */
export const LIST_FIELDS = {
  mNewsId: news.mNewsId,
  title: news.title,
  publishedAt: news.publishedAt,
  important: news.important,
};

/** A notice as the lists show it, unread until withReadFlags says otherwise. */
export function newsItem(
  row: { mNewsId: number; title: string; publishedAt: Date; important: boolean },
  now: Date,
): NewsListItem {
  return {
    m_news_id: row.mNewsId,
    title: row.title,
    important_flag: row.important,
    published_at: tokyoDateTime(row.publishedAt),
    new_flag: isNew(row.publishedAt, now),
    read_flag: false,
  };
}

/** The notices with read_flag from the ids of the request's nr cookie (new objects). */
export function withReadFlags(
  items: readonly NewsListItem[],
  readIds: readonly number[],
): NewsListItem[] {
  return items.map((n) => ({ ...n, read_flag: readIds.includes(n.m_news_id) }));
}
