import { Hono } from "hono";
import { z } from "zod";
import { pageNumber, recordId } from "../../../contract/input";
import type { NewsDetailAnswer, NewsListAnswer } from "../../../contract/news";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields, readParams } from "../../lib/input";

const listInput = z.object({ page: pageNumber(1000) });
const idParam = z.object({ id: recordId("id") });

/**
 * The /news and /news_detail pages' assemblers (server/pages/news.ts), handed in by the registry:
 * the API answers what the pages show, from the same code.
 */
export interface NewsPages {
  newsListPage(db: Db, page: number, cookieHeader: string, now?: Date): Promise<NewsListAnswer>;
  newsDetailPage(
    db: Db,
    id: number,
    request: { cookieHeader: string; secure: boolean },
    now?: Date,
  ): Promise<{ answer: NewsDetailAnswer; setCookie: string }>;
}

/** /api/news (a page of notices) and /api/news/{id} (one notice, remembered in nr as read). */
export function newsRoutes(services: AppServices, pages: NewsPages) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.on(["GET", "POST"], "/news", async (c) => {
    const { page } = await readFields(c, listInput);
    return c.json(await pages.newsListPage(db, page, c.req.header("cookie") ?? ""));
  });

  routes.on(["GET", "POST"], "/news/:id", async (c) => {
    const { id } = readParams(c, idParam);
    const { answer, setCookie } = await pages.newsDetailPage(db, id, {
      cookieHeader: c.req.header("cookie") ?? "",
      secure: c.get("secure"),
    });
    c.header("Set-Cookie", setCookie, { append: true });
    return c.json(answer);
  });

  return routes;
}
