import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../lib/context";
import { books, publishers, series } from "../modules/catalog/schema";
import { TOP_PAGES } from "../modules/catalog/sitemap";
import { robotsTxt, sitemapPart, sitemapXml } from "./seo-routes";
import { createTestApp } from "./test-client";

let t: Awaited<ReturnType<typeof createTestApp>>;
const past = new Date("2026-01-10T00:00:00Z");

// Series 1 and 2 released (volumes 11, 12, 21); series 3 only announced (volume 31 not on sale).
beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values([
    {
      seriesId: 1,
      name: "一",
      nameKana: "イチ",
      publisherId: 1,
      startDate: past,
      latestBookId: 12,
      latestReleaseDate: past,
    },
    {
      seriesId: 2,
      name: "二",
      nameKana: "ニ",
      publisherId: 1,
      startDate: past,
      latestBookId: 21,
      latestReleaseDate: past,
    },
    { seriesId: 3, name: "三", nameKana: "サン", publisherId: 1, startDate: past },
  ]);
  const book = (bookId: number, seriesId: number, volume: number, onsaleFlag = true) => ({
    bookId,
    seriesId,
    itemId: bookId + 100,
    volume,
    title: `${volume}`,
    price: 500,
    priceInc: 550,
    itemStartDate: past,
    pageCount: 10,
    onsaleFlag,
  });
  await db
    .insert(books)
    .values([book(11, 1, 1), book(12, 1, 2), book(21, 2, 1), book(31, 3, 1, false)]);
});
afterAll(async () => {
  await t?.database.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("robots.txt", () => {
  it("keeps crawlers out of private and costly paths and names the sitemap", async () => {
    const res = await t.app.request("http://localhost:3000/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const path of [
      "/api/",
      "/media/books/*/pages/",
      "/cart",
      "/order",
      "/bookshelf",
      "/account",
    ]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

describe("sitemap.xml", () => {
  it("lists top pages, released series and on-sale volumes, without .html", async () => {
    const res = await t.app.request("http://localhost:3000/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(xml);
    expect(urls).toContain("http://localhost:3000/");
    expect(urls).toContain("http://localhost:3000/otoku");
    expect(urls).toEqual(
      expect.arrayContaining([
        "http://localhost:3000/series/1",
        "http://localhost:3000/series/2",
        "http://localhost:3000/series/1/book/11",
        "http://localhost:3000/series/1/book/12",
        "http://localhost:3000/series/2/book/21",
      ]),
    );
    expect(urls).not.toContain("http://localhost:3000/series/3");
    expect(urls.some((u) => u.includes("/book/31"))).toBe(false);
    expect(urls.some((u) => u.endsWith(".html"))).toBe(false);
    expect(xml).toContain("<lastmod>2026-01-10</lastmod>");
    // &-joined query strings are escaped as XML requires.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("splits a large catalog into an index of files of at most the page size", async () => {
    const app = new Hono<AppEnv>();
    app.get("/sitemap.xml", sitemapXml(t.services, 2));
    app.get("/sitemaps/:name", sitemapPart(t.services, 2));
    const index = await (await app.request("http://localhost:3000/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const files = locs(index);
    expect(files).toEqual([
      "http://localhost:3000/sitemaps/top.xml",
      "http://localhost:3000/sitemaps/series-1.xml",
      "http://localhost:3000/sitemaps/books-1.xml",
      "http://localhost:3000/sitemaps/books-2.xml",
    ]);
    const everything: string[] = [];
    for (const file of files.slice(1)) {
      const part = locs(await (await app.request(file)).text());
      expect(part.length).toBeLessThanOrEqual(2);
      everything.push(...part);
    }
    expect(everything).toEqual([
      "http://localhost:3000/series/1",
      "http://localhost:3000/series/2",
      "http://localhost:3000/series/1/book/11",
      "http://localhost:3000/series/1/book/12",
      "http://localhost:3000/series/2/book/21",
    ]);
    const top = locs(await (await app.request("http://localhost:3000/sitemaps/top.xml")).text());
    expect(top.length).toBeGreaterThanOrEqual(TOP_PAGES.length);
    expect((await app.request("http://localhost:3000/sitemaps/books-3.xml")).status).toBe(404);
    expect((await app.request("http://localhost:3000/sitemaps/../etc.xml")).status).toBe(404);
  });

  it("builds absolute URLs on PUBLIC_URL, whatever Host or X-Forwarded-Host the request names", async () => {
    const app = new Hono<AppEnv>();
    const services = {
      ...t.services,
      env: { ...t.services.env, PUBLIC_URL: "https://komaya.example", TRUST_PROXY: 1 },
    };
    app.get("/robots.txt", robotsTxt(services));
    app.get("/sitemap.xml", sitemapXml(services));
    const hostile = {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    };
    const robots = await (
      await app.request("http://evil.example/robots.txt", { headers: hostile })
    ).text();
    expect(robots).toContain("Sitemap: https://komaya.example/sitemap.xml");
    expect(robots).not.toContain("evil.example");
    const sitemap = await (
      await app.request("http://evil.example/sitemap.xml", { headers: hostile })
    ).text();
    expect(locs(sitemap).every((u) => u.startsWith("https://komaya.example/"))).toBe(true);
    expect(sitemap).not.toContain("evil.example");
  });
});
