import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsDetailAnswer, NewsListAnswer } from "../../contract/news";
import { Browser, createTestApp } from "../http/test-client";
import { news } from "../modules/news/schema";
import { newsDetailPage, newsListPage, newsReadBy } from "./news";

let t: Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const now = Date.now();
  await t.services.db.insert(news).values(
    Array.from({ length: 12 }, (_, i) => ({
      mNewsId: i + 1,
      title: `お知らせ${i + 1}`,
      body: `<p>本文${i + 1}</p>`,
      publishedAt: new Date(now - (i + 1) * DAY + 3_600_000),
    })),
  );
});
afterAll(async () => {
  await t?.database.close();
});

/** The /news and /news_detail loaders answer from these assemblers; the API must agree. */
describe("the news pages and /api/news", () => {
  it("answer the same list, read marks from the same nr cookie", async () => {
    const browser = new Browser(t.app);
    for (const id of [3, 1]) await browser.fetch(`/api/news/${id}`);
    const cookie = `nr=${browser.cookies.get("nr")}`;
    const api = await browser.getJson<NewsListAnswer>("/api/news?page=1");
    const page = await newsListPage(t.services.db, 1, cookie);
    expect(page).toEqual(api.body);
    expect(page.news.filter((n) => n.read_flag).map((n) => n.m_news_id)).toEqual([1, 3]);
    expect(newsReadBy(page.news, cookie)).toEqual(page.news);
  });

  it("answer the same notice and set the same cookie", async () => {
    const browser = new Browser(t.app);
    await browser.fetch("/api/news/2");
    const response = await browser.fetch("/api/news/5");
    const api = (await response.json()) as NewsDetailAnswer;
    const page = await newsDetailPage(t.services.db, 5, { cookieHeader: "nr=2", secure: false });
    expect(page.answer).toEqual(api);
    const apiCookie = response.headers.getSetCookie().find((l) => l.startsWith("nr="));
    expect(page.setCookie).toBe(apiCookie);
  });
});
