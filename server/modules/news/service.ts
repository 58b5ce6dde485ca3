import { and, count, desc, eq } from "drizzle-orm";
import type { NewsDetail, NewsListItem } from "../../../contract/news";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import { sanitizeTopicHtml } from "../../../contract/topic-html";
import type { Db } from "../../db/client";
import { NotFound } from "../../lib/errors";
import { inStore, isNew, LIST_FIELDS, newsItem, withReadFlags } from "./latest-news";
import { news } from "./schema";

/** Notices on one page of /news. */
export const NEWS_PAGE_SIZE = 10;

/** One page of published notices, newest first; read_flag from the nr cookie's ids. */
export async function newsPage(
  db: Db,
  page: number,
  readIds: readonly number[],
  now: Date,
): Promise<{ news: NewsListItem[]; page: number; last_page: number; total: number }> {
  const published = inStore(now);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(news)
    .where(published);
  const rows = await db
    .select(LIST_FIELDS)
    .from(news)
    .where(published)
    .orderBy(desc(news.publishedAt), desc(news.mNewsId))
    .limit(NEWS_PAGE_SIZE)
    .offset((page - 1) * NEWS_PAGE_SIZE);
  return {
    news: withReadFlags(
      rows.map((r) => newsItem(r, now)),
      readIds,
    ),
    page,
    last_page: Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE)),
    total,
  };
}

/** One published notice; a notice not yet published is as unknown as a missing one. */
export async function newsDetail(db: Db, id: number, now: Date): Promise<NewsDetail> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.mNewsId, id), inStore(now)));
  if (!row) throw new NotFound("お知らせが見つかりませんでした");
  return {
    m_news_id: row.mNewsId,
    title: row.title,
    // Staff-written markup, cleaned by the one topic sanitiser before it leaves the server.
    body: sanitizeTopicHtml(row.body),
    published_at: tokyoDateTime(row.publishedAt),
    new_flag: isNew(row.publishedAt, now),
    important_flag: row.important,
  };
}
