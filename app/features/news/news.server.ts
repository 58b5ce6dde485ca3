import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import { pageNumber, recordId } from "../../../contract/input";
import type { NewsDetailAnswer, NewsListAnswer } from "../../../contract/news";
import { parseInput } from "../../../server/lib/input";
import {
  NEWS_READ_COOKIE,
  newsReadCookie,
  readNewsIds,
  withNewsRead,
} from "../../../server/modules/news/read-cookie";
import { newsDetail, newsPage } from "../../../server/modules/news/service";
import { readCookie } from "../../lib/cookies";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";

const detailQuery = z.object({ id: recordId("id") });

/** The notices this browser opened lately (the nr cookie). */
export const newsReadIds = (request: Request) =>
  readNewsIds(readCookie(NEWS_READ_COOKIE, request.headers.get("cookie") ?? ""));

/** /news?page=2: the same answer as /api/news; a malformed page shows the first. */
export async function loadNewsList(
  context: AppLoadContext,
  request: Request,
): Promise<NewsListAnswer> {
  const asked = pageNumber(1000).safeParse(
    new URL(request.url).searchParams.get("page") ?? undefined,
  );
  const page = asked.success ? asked.data : 1;
  return {
    result: true,
    ...(await newsPage(context.services.db, page, newsReadIds(request), new Date())),
  };
}

/**
 * /news_detail?id=3: the same answer as /api/news/{id}, and like it remembers the notice in the
 * nr cookie so the list stops marking it NEW. Without an id there is no notice to show, so the
 * reader is sent to the list (a malformed id is still a 400).
 */
export async function loadNewsDetail(context: AppLoadContext, request: Request) {
  if (!new URL(request.url).searchParams.has("id")) throw redirect("/news");
  return orPageFailure(async () => {
    const { id } = parseInput(detailQuery, pageQuery(request));
    const detail = await newsDetail(context.services.db, id, new Date());
    const secure = new URL(request.url).protocol === "https:";
    const cookie = newsReadCookie(withNewsRead(newsReadIds(request), id), secure);
    return data({ result: true, detail } satisfies NewsDetailAnswer, {
      headers: { "Set-Cookie": cookie },
    });
  });
}
