import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignListAnswer, CampaignPageAnswer } from "../../../contract/campaign";
import type { PagedSeries } from "../../../contract/series";
import { startOfTokyoDay } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import {
  books,
  categories,
  genres,
  ITEM_TYPE_BOOK,
  items,
  publishers,
  series,
  seriesCategories,
  seriesGenres,
} from "../catalog/schema";
import { seriesFavorites, userItems } from "../library/schema";
import { campaignPolicies, campaigns, campaignTargets } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const now = Date.now();
const past = new Date(now - 30 * DAY);
const today = startOfTokyoDay(new Date());

/**
 * 30 series in genre 2 (ids 1–30; 1–3 start free, 4 has three free volumes, 5 was released
 * today), series 31 in genre 5. Campaign 1: a new 50% sale over series 1–25 (two pages).
 * 2: free volume 1 for genre 5, ending tomorrow. 3: coupon. 4: information. 5: upcoming. 6: ended.
 */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  await db.insert(genres).values([
    { genreId: 2, name: "少女・女性" },
    { genreId: 5, name: "少年・青年" },
  ]);
  await db.insert(categories).values([
    { categoryId: 1, name: "恋愛" },
    { categoryId: 2, name: "バトル" },
  ]);
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  const ids = Array.from({ length: 31 }, (_, i) => i + 1);
  await db.insert(series).values(
    ids.map((id) => ({
      seriesId: id,
      name: `作品${id}`,
      nameKana: "サクヒン",
      publisherId: 1,
      startDate: past,
      latestBookId: id * 10 + 3,
      volumeCount: 3,
      ratingCount: 100 - id,
      latestReleaseDate: id === 5 ? today : new Date(past.getTime() + id * 1000),
    })),
  );
  await db
    .insert(seriesGenres)
    .values(ids.map((id) => ({ seriesId: id, genreId: id === 31 ? 5 : 2 })));
  await db
    .insert(seriesCategories)
    .values(ids.map((id) => ({ seriesId: id, categoryId: id % 2 === 0 ? 1 : 2 })));
  const bookRows = ids.flatMap((id) =>
    [1, 2, 3].map((v) => {
      const free = (id <= 3 && v === 1) || id === 4;
      return {
        bookId: id * 10 + v,
        seriesId: id,
        itemId: 10_000 + id * 10 + v,
        volume: v,
        title: `作品${id}（${v}）`,
        price: free ? 0 : 500,
        priceInc: free ? 0 : 550,
        freeFlag: free,
        itemStartDate: id === 5 && v === 3 ? today : past,
        pageCount: 100,
      };
    }),
  );
  await db.insert(books).values(bookRows);
  await db.insert(items).values(
    bookRows.map((b) => ({
      itemId: b.itemId,
      itemType: ITEM_TYPE_BOOK,
      bookId: b.bookId,
      price: b.price,
      priceInc: b.priceInc,
    })),
  );
  const base = { startAt: past, endAt: new Date(now + 20 * DAY) };
  await db.insert(campaigns).values([
    {
      campaignId: 1,
      name: "半額セール",
      genreIds: [1, 2],
      newFlag: true,
      saleFlag: true,
      ...base,
      startAt: today,
      sortOrder: 1,
    },
    {
      campaignId: 2,
      name: "1巻無料",
      genreIds: [5],
      freeFlag: true,
      ...base,
      endAt: new Date(now + DAY),
      sortOrder: 2,
    },
    { campaignId: 3, name: "クーポン配布", genreIds: [2], couponFlag: true, ...base, sortOrder: 3 },
    {
      campaignId: 4,
      name: "スタンプ",
      genreIds: [1, 2, 5],
      infoFlag: true,
      actionUrl: "/stamp",
      ...base,
      endAt: null,
      sortOrder: 4,
    },
    {
      campaignId: 5,
      name: "近日開催",
      genreIds: [2],
      saleFlag: true,
      startAt: new Date(now + 5 * DAY),
      endAt: null,
      sortOrder: 5,
    },
    {
      campaignId: 6,
      name: "終了",
      genreIds: [2],
      saleFlag: true,
      startAt: past,
      endAt: new Date(now - DAY),
      sortOrder: 6,
    },
  ]);
  await db.insert(campaignPolicies).values([
    { campaignId: 1, policyType: 101, salePct: 50 },
    { campaignId: 2, policyType: 102, freeCount: 1 },
  ]);
  await db
    .insert(campaignTargets)
    .values([
      ...ids.slice(0, 25).map((id, i) => ({ campaignId: 1, seriesId: id, sortOrder: i + 1 })),
      { campaignId: 2, seriesId: 31, sortOrder: 1 },
      { campaignId: 3, seriesId: 6, sortOrder: 1 },
    ]);
});
afterAll(async () => {
  await t?.database.close();
});

async function member() {
  const browser = new Browser(t.app);
  await browser.postJson("/api/account/signup", {
    email: `cp-${Math.random().toString(36).slice(2)}@example.jp`,
    password: "password-123",
    agree: true,
  });
  const status = await browser.getJson<{ uid: string }>("/api/status");
  return { browser, userId: Number(status.body.uid) };
}

describe("campaign list", () => {
  it("answers running campaigns with the spec's fields, category counts and ts", async () => {
    const { body } = await new Browser(t.app).postJson<CampaignListAnswer>(
      "/api/personal/campaigns",
      {},
    );
    expect(body.campaign.map((c) => c.campaign_id)).toEqual([1, 2, 3, 4]);
    for (const c of body.campaign) {
      for (const f of [
        "genre_id",
        "coupon_flag",
        "info_flag",
        "img",
        "action_url",
        "campaign_id",
      ]) {
        expect(c).toHaveProperty(f);
      }
    }
    expect(body.campaign[3]).toMatchObject({
      action_url: "/stamp",
      url: "/stamp",
      info_flag: true,
    });
    expect(body.campaign[0]).toMatchObject({ action_url: null, url: "/campaign/1" });
    expect(body.category).toMatchObject({
      new: 1,
      free: 1,
      sale: 1,
      trial: 0,
      info: 1,
      moment: 0,
      ending: 1,
    });
    expect(typeof body.ts).toBe("number");
  });

  it("filters by /otoku filter and genre, keeping the genre's counts", async () => {
    const browser = new Browser(t.app);
    const ending = await browser.postJson<CampaignListAnswer>("/api/personal/campaigns", {
      filter: 2,
    });
    expect(ending.body.campaign.map((c) => c.campaign_id)).toEqual([2]);
    expect(ending.body.category.sale).toBe(1);
    const sale = await browser.getJson<CampaignListAnswer>("/api/shared/campaigns?k=1&filter=4");
    expect(sale.body.campaign.map((c) => c.campaign_id)).toEqual([1]);
    const boys = await browser.getJson<CampaignListAnswer>("/api/shared/campaigns?k=1&genre=5");
    expect(boys.body.campaign.map((c) => c.campaign_id)).toEqual([2, 4]);
    expect(boys.body.category).toMatchObject({ free: 1, sale: 0, info: 1 });
    const bad = await browser.getJson<{ error_message: string }>(
      "/api/shared/campaigns?k=1&filter=9",
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toContain("filter");
    expect((await browser.getJson("/api/shared/campaigns")).status).toBe(400);
  });
});

describe("campaign page", () => {
  it("pages the targets with the spec's target fields, pattern and bundle", async () => {
    const browser = new Browser(t.app);
    const first = await browser.getJson<CampaignPageAnswer>("/api/shared/campaign/1/1?k=1");
    expect(first.body.campaign).toMatchObject({ campaign_id: 1, name: "半額セール" });
    expect(first.body.targets).toHaveLength(20);
    expect(first.body.pattern).toEqual({ page: 1, total_page: 2, limit: 20, offset: 0, hit: 25 });
    for (const target of first.body.targets) {
      for (const f of ["item_id", "series_id", "cart_flag", "get_flag", "favorite_flag"]) {
        expect(target).toHaveProperty(f);
      }
    }
    expect(first.body.targets[0]).toMatchObject({
      series_id: 1,
      item: { series_name: "作品1", sale_pct: 50 },
    });
    const second = await browser.getJson<CampaignPageAnswer>("/api/shared/campaign/1/2?k=1");
    expect(second.body.targets.map((x) => x.series_id)).toEqual([21, 22, 23, 24, 25]);
    // Series 5's card acts on volume 1 (550 yen, half price); series 1's volume 1 is free.
    const five = first.body.targets.find((x) => x.series_id === 5)!;
    expect(first.body.bundle.item_ids).toContain(five.item_id);
    expect(first.body.bundle.item_ids).not.toContain(first.body.targets[0]!.item_id);
    expect(first.body.bundle_child["5"]).toEqual([10_051, 10_052, 10_053]);
    expect(first.body.bundle_child["1"]).toEqual([10_012, 10_013]);
  });

  it("sets ownership, cart and favourite flags only in the personal answer", async () => {
    const a = await member();
    const b = await member();
    const db = t.services.db;
    await db.insert(userItems).values({
      userId: a.userId,
      itemId: 10_051,
      itemType: 0,
      seriesId: 5,
      bookId: 51,
      source: "purchase",
    });
    await db.insert(seriesFavorites).values({ userId: a.userId, seriesId: 5 });
    const personal = await a.browser.postJson<CampaignPageAnswer>("/api/personal/campaign/1/1");
    const five = personal.body.targets.find((x) => x.series_id === 5)!;
    expect(five).toMatchObject({ get_flag: true, favorite_flag: true, item: { get_flag: true } });
    expect(personal.body.bundle.item_ids).not.toContain(10_051);
    expect(personal.body.bundle_child["5"]).toEqual([10_052, 10_053]);
    const ra = await a.browser.fetch("/api/shared/campaign/1/1?k=members");
    const rb = await b.browser.fetch("/api/shared/campaign/1/1?k=members");
    const text = await ra.text();
    expect(text).toBe(await rb.text());
    const shared = JSON.parse(text) as CampaignPageAnswer;
    expect(shared.targets.every((x) => !x.get_flag && !x.cart_flag && !x.favorite_flag)).toBe(true);
  });

  it("answers 404 for unknown, upcoming and ended campaigns, 400 for bad ids", async () => {
    const browser = new Browser(t.app);
    const unknown = await browser.postJson("/api/personal/campaign/99/1");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_url: "/otoku" });
    expect((await browser.postJson("/api/personal/campaign/5/1")).status).toBe(404);
    const ended = await browser.getJson<{ error_message: string }>("/api/shared/campaign/6/1?k=1");
    expect(ended.status).toBe(404);
    expect(ended.body.error_message).toBe("このキャンペーンは終了しました");
    expect((await browser.postJson("/api/personal/campaign/x/1")).status).toBe(400);
    expect((await browser.postJson("/api/personal/campaign/1/0")).status).toBe(400);
    const init = await browser.postJson("/api/personal/campaign/init");
    expect(init.body).toMatchObject({ use_cache: true, member_free_vol: 2, login: false });
  });
});

describe("free-work lists", () => {
  it("/api/free lists series that start free, including free campaigns, by genre", async () => {
    const browser = new Browser(t.app);
    const all = await browser.postJson<PagedSeries>("/api/free", {});
    expect(all.body.data.map((s) => s.series_id).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 31]);
    expect(all.body.pattern).toMatchObject({ page: 1, hit: 5 });
    const girls = await browser.postJson<PagedSeries>("/api/free", { genre: 2 });
    expect(girls.body.data.map((s) => s.series_id).sort((x, y) => x - y)).toEqual([1, 2, 3, 4]);
    expect((await browser.postJson("/api/free", { genre: 7 })).status).toBe(400);
  });

  it("/api/many_free lists series free for at least limit_volume volumes", async () => {
    const browser = new Browser(t.app);
    const many = await browser.postJson<PagedSeries>("/api/many_free", { limit_volume: 3 });
    expect(many.body.data.map((s) => s.series_id)).toEqual([4]);
    const two = await browser.postJson<PagedSeries>("/api/many_free", { limit_volume: 2, page: 2 });
    expect(two.body.data).toEqual([]);
    expect(two.body.pattern).toMatchObject({ page: 2, hit: 1 });
    expect((await browser.postJson("/api/many_free", { limit_volume: 0 })).status).toBe(400);
  });
});

describe("recommendations", () => {
  it("tp 1 picks from the member's favourite genres and categories, leaving those out", async () => {
    const m = await member();
    await t.services.db.insert(seriesFavorites).values({ userId: m.userId, seriesId: 2 });
    const { body } = await m.browser.postJson<PagedSeries & { fallback: boolean }>(
      "/api/recommend/more?tp=1",
      {},
    );
    const ids = body.data.map((s) => s.series_id);
    expect(ids).not.toContain(2);
    expect(ids).not.toContain(31);
    // Series sharing category 1 (even ids) rank first.
    expect(ids.slice(0, 14).every((id) => id % 2 === 0)).toBe(true);
    expect(body.fallback).toBe(false);
    const visitor = await new Browser(t.app).postJson<{ fallback: boolean }>(
      "/api/recommend/more?tp=1",
      {},
    );
    expect(visitor.body.fallback).toBe(true);
  });

  it("tp 4 lists free works; tp 2 needs a series; frames leave out empty ones", async () => {
    const browser = new Browser(t.app);
    const free = await browser.getJson<PagedSeries>("/api/recommend/more?tp=4");
    expect(free.body.data.length).toBe(5);
    const noSeries = await browser.postJson("/api/recommend/more?tp=2", {});
    expect(noSeries.status).toBe(400);
    expect(noSeries.body.error_message).toContain("series");
    const frames = await browser.postJson<{
      recommends: Array<{ rec_type: number; items: unknown[]; more_url: string }>;
    }>("/api/recommends", { page: "series", series: 31 });
    const types = frames.body.recommends.map((f) => f.rec_type);
    expect(types).toEqual([1, 4]);
    expect(frames.body.recommends[0]!.more_url).toBe("/recommend?tp=1&series=31");
  });
});

describe("daily special", () => {
  it("answers today's new volumes and campaigns with the date list", async () => {
    const browser = new Browser(t.app);
    const { body } = await browser.postJson<{
      target_date: string;
      target_date_label: string;
      date_list: Array<{ date: string }>;
      new_books: Array<{ book_id: number }>;
      new_campaigns: Array<{ campaign_id: number }>;
      appeal_books: Array<{ series_id: number }>;
    }>("/api/daily_special", {});
    expect(body.date_list).toHaveLength(7);
    expect(body.target_date).toBe(body.date_list[0]!.date);
    expect(body.target_date_label).toMatch(/^\d{1,2}月\d{1,2}日\(.\)$/);
    expect(body.new_books.map((b) => b.book_id)).toEqual([53]);
    expect(body.new_campaigns.map((c) => c.campaign_id)).toEqual([1]);
    expect(body.appeal_books.length).toBeGreaterThan(0);
    const yesterday = await browser.postJson<{ new_books: unknown[] }>("/api/daily_special", {
      target_date: body.date_list[1]!.date,
    });
    expect(yesterday.body.new_books).toEqual([]);
    expect(
      (await browser.postJson("/api/daily_special", { target_date: "2020-01-01" })).status,
    ).toBe(400);
    expect((await browser.postJson("/api/daily_special", { target_date: "20000101" })).status).toBe(
      400,
    );
  });
});
