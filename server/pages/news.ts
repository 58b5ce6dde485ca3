import { parse } from "hono/utils/cookie";
import type { NewsDetailAnswer, NewsListAnswer, NewsListItem } from "../../contract/news";
import type { Db } from "../db/client";
import { withReadFlags } from "../modules/news/latest-news";
import {
  NEWS_READ_COOKIE,
  newsReadCookie,
  readNewsIds,
  withNewsRead,
} from "../modules/news/read-cookie";
import { newsDetail, newsPage } from "../modules/news/service";

/** The notices this browser opened lately, from its Cookie header (the nr cookie). */
function readIdsOf(cookieHeader: string): number[] {
  return readNewsIds(parse(cookieHeader, NEWS_READ_COOKIE)[NEWS_READ_COOKIE]);
}

/** Notices listed on another page (the home page's latest news), marked read as /news marks them. */
export function newsReadBy(items: readonly NewsListItem[], cookieHeader: string): NewsListItem[] {
  return withReadFlags(items, readIdsOf(cookieHeader));
}

/** /news?page=2: the same answer as /api/news. */
export async function newsListPage(
  db: Db,
  page: number,
  cookieHeader: string,
  now = new Date(),
): Promise<NewsListAnswer> {
  return { result: true, ...(await newsPage(db, page, readIdsOf(cookieHeader), now)) };
}

/**
 * /news_detail?id=3: the same answer as /api/news/{id}, and the nr cookie that remembers the
 * notice so the list stops marking it NEW.
 */
export async function newsDetailPage(
  db: Db,
  id: number,
  request: { cookieHeader: string; secure: boolean },
  now = new Date(),
): Promise<{ answer: NewsDetailAnswer; setCookie: string }> {
  const detail = await newsDetail(db, id, now);
  const ids = withNewsRead(readIdsOf(request.cookieHeader), id);
  return { answer: { result: true, detail }, setCookie: newsReadCookie(ids, request.secure) };
}
