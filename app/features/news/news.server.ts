import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import { pageNumber, recordId } from "../../../contract/input";
import type { NewsListAnswer } from "../../../contract/news";
import { parseInput } from "../../../server/lib/input";
import { newsDetailPage, newsListPage } from "../../../server/pages/news";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";

const detailQuery = z.object({ id: recordId("id") });

const cookieHeaderOf = (request: Request) => request.headers.get("cookie") ?? "";

/** /news?page=2: the same answer as /api/news; a malformed page shows the first. */
export async function loadNewsList(
  context: AppLoadContext,
  request: Request,
): Promise<NewsListAnswer> {
  const asked = pageNumber(1000).safeParse(
    new URL(request.url).searchParams.get("page") ?? undefined,
  );
  return newsListPage(context.services.db, asked.success ? asked.data : 1, cookieHeaderOf(request));
}

/**
 * /news_detail?id=3: the same answer as /api/news/{id}, setting the nr cookie as it does.
 * Without an id there is no notice to show, so the reader is sent to the list (a malformed id is
 * still a 400).
 */
export async function loadNewsDetail(context: AppLoadContext, request: Request) {
  if (!new URL(request.url).searchParams.has("id")) throw redirect("/news");
  return orPageFailure(async () => {
    const { id } = parseInput(detailQuery, pageQuery(request));
    const { answer, setCookie } = await newsDetailPage(context.services.db, id, {
      cookieHeader: cookieHeaderOf(request),
      secure: new URL(request.url).protocol === "https:",
    });
    return data(answer, { headers: { "Set-Cookie": setCookie } });
  });
}
