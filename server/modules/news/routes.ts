import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { pageNumber, recordId } from "../../../contract/input";
import type { NewsDetailAnswer, NewsListAnswer } from "../../../contract/news";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields, readParams } from "../../lib/input";
import { NEWS_READ_COOKIE, newsReadCookie, readNewsIds, withNewsRead } from "./read-cookie";
import { newsDetail, newsPage } from "./service";

const listInput = z.object({ page: pageNumber(1000) });
const idParam = z.object({ id: recordId("id") });

/** /api/news (a page of notices) and /api/news/{id} (one notice, remembered in nr as read). */
export function newsRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.on(["GET", "POST"], "/news", async (c) => {
    const { page } = await readFields(c, listInput);
    const readIds = readNewsIds(getCookie(c, NEWS_READ_COOKIE));
    return c.json({
      result: true,
      ...(await newsPage(db, page, readIds, new Date())),
    } satisfies NewsListAnswer);
  });

  routes.on(["GET", "POST"], "/news/:id", async (c) => {
    const { id } = readParams(c, idParam);
    const detail = await newsDetail(db, id, new Date());
    const readIds = withNewsRead(readNewsIds(getCookie(c, NEWS_READ_COOKIE)), id);
    c.header("Set-Cookie", newsReadCookie(readIds, c.get("secure")), { append: true });
    return c.json({ result: true, detail } satisfies NewsDetailAnswer);
  });

  return routes;
}
