import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeAnswer } from "../../../contract/home";
import {
  type NewsDetailAnswer,
  type NewsListAnswer,
  type NewsListItem,
  showsNew,
} from "../../../contract/news";
import type { Db } from "../../db/client";
import { Browser, createTestApp } from "../../http/test-client";
import { newsPublishTimes } from "./editing";
import { readNewsIds, withNewsRead } from "./read-cookie";
import { news } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
const day = 86_400_000;

// Notices 1..23, notice n published n days ago; notice 99 is published tomorrow.
beforeAll(async () => {
  t = await createTestApp();
  db = t.services.db;
  const now = Date.now();
  await db.insert(news).values([
    ...Array.from({ length: 23 }, (_, i) => ({
      mNewsId: i + 1,
      title: `お知らせ${i + 1}`,
      body: `<p>本文${i + 1}</p>`,
      publishedAt: new Date(now - (i + 1) * day + 3_600_000),
    })),
    { mNewsId: 99, title: "未来", body: "<p>まだ</p>", publishedAt: new Date(now + day) },
  ]);
});
afterAll(async () => {
  await t?.database.close();
});

describe("/api/news", () => {
  it("pages the published notices, newest first, 10 a page, NEW within 7 days", async () => {
    const browser = new Browser(t.app);
    const first = await browser.getJson<NewsListAnswer>("/api/news");
    expect(first.body.total).toBe(23);
    expect(first.body.last_page).toBe(3);
    expect(first.body.news.map((n) => n.m_news_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.body.news.filter((n) => n.new_flag).map((n) => n.m_news_id)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    const third = await browser.postJson<NewsListAnswer>("/api/news", { page: 3 });
    expect(third.body.news.map((n) => n.m_news_id)).toEqual([21, 22, 23]);
    const bad = await browser.postJson("/api/news", { page: "zero" });
    expect(bad.status).toBe(400);
  });

  it("answers a detail; an unpublished or missing notice is 404, a malformed id 400", async () => {
    const browser = new Browser(t.app);
    const detail = await browser.getJson<NewsDetailAnswer>("/api/news/3");
    expect(detail.body.detail).toMatchObject({ m_news_id: 3, body: "<p>本文3</p>" });
    expect((await browser.getJson("/api/news/99")).status).toBe(404);
    expect((await browser.getJson("/api/news/5000")).status).toBe(404);
    expect((await browser.getJson("/api/news/abc")).status).toBe(400);
  });
});

describe("the nr cookie", () => {
  it("is set for 7 days, SameSite=Strict, on every path", async () => {
    const browser = new Browser(t.app);
    const response = await browser.fetch("/api/news/2");
    const line = response.headers.getSetCookie().find((l) => l.startsWith("nr="));
    expect(line).toBeDefined();
    expect(line).toContain("nr=2;");
    expect(line).toContain("Max-Age=604800");
    expect(line).toContain("SameSite=Strict");
    expect(line).toContain("Path=/");
  });

  it("keeps the 4 most recently read ids and marks them read in the list", async () => {
    const browser = new Browser(t.app);
    for (const id of [1, 2, 3, 4, 5, 2]) await browser.fetch(`/api/news/${id}`);
    expect(browser.cookies.get("nr")).toBe("2.5.4.3");
    const list = await browser.getJson<NewsListAnswer>("/api/news");
    expect(list.body.news.filter((n) => n.read_flag).map((n) => n.m_news_id)).toEqual([2, 3, 4, 5]);
  });

  it("marks the home's notices by the same rule as /news: a read one is not NEW", async () => {
    const browser = new Browser(t.app);
    await browser.fetch("/api/news/1");
    const home = await browser.postJson<HomeAnswer>("/api/home", { genre: 1, pagetype: 1 });
    const list = await browser.getJson<NewsListAnswer>("/api/news");
    const marked = (items: NewsListItem[]) => items.filter(showsNew).map((n) => n.m_news_id);
    expect(home.body.latest_news.map((n) => n.m_news_id)).toEqual([1, 2, 3]);
    expect(marked(home.body.latest_news)).toEqual([2, 3]);
    expect(marked(list.body.news).slice(0, 2)).toEqual([2, 3]);
  });

  it("ignores what is not an id and never holds more than 4", () => {
    expect(readNewsIds(undefined)).toEqual([]);
    expect(readNewsIds("3.x.0.-1.3.07.9")).toEqual([3, 9]);
    // Newest first, at most four.
    expect(readNewsIds("9.7.x.7.0.5.3.1")).toEqual([9, 7, 5, 3]);
    expect(readNewsIds("1.2.3.4.5.6")).toEqual([1, 2, 3, 4]);
    expect(withNewsRead([1, 2, 3, 4], 5)).toEqual([5, 1, 2, 3]);
    expect(withNewsRead([1, 2, 3, 4], 3)).toEqual([3, 1, 2, 4]);
  });
});

describe("the schedule's reading of notices", () => {
  it("names the live notices whose time came in the window, and the next one ahead", async () => {
    const now = Date.now();
    // A draft and a withdrawn notice in the window never come due.
    await db.insert(news).values([
      {
        mNewsId: 200,
        title: "下書き",
        body: "<p>x</p>",
        publishedAt: new Date(now - 3_600_000),
        draft: true,
      },
      {
        mNewsId: 201,
        title: "取り下げ",
        body: "<p>x</p>",
        publishedAt: new Date(now - 3_600_000),
        withdrawnAt: new Date(now),
      },
    ]);
    const times = await newsPublishTimes(db, new Date(now - 2 * day), new Date(now));
    expect(times.due.sort((a, b) => a - b)).toEqual([1, 2]);
    const [ahead] = await db.select().from(news).where(eq(news.mNewsId, 99));
    expect(times.next).toEqual(ahead!.publishedAt);
    await db.delete(news).where(inArray(news.mNewsId, [200, 201]));
  });
});
