import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { endDateLabel } from "../campaign/item-campaigns";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import {
  authors,
  books,
  genres,
  items,
  publishers,
  series,
  seriesAuthors,
  seriesGenres,
  seriesTags,
  tags,
} from "../catalog/schema";
import { bookItems, seriesItems } from "./series-items";

let database: Database;
const now = new Date("2026-11-20T03:00:00Z");
const day = 86_400_000;

function volume(
  seriesId: number,
  bookId: number,
  v: number,
  extra: Partial<typeof books.$inferInsert> = {},
) {
  return {
    bookId,
    seriesId,
    itemId: bookId + 5000,
    volume: v,
    title: `作品${seriesId}（${v}）`,
    price: 600,
    priceInc: 660,
    itemStartDate: new Date(now.getTime() - (30 - v) * day),
    pageCount: 180,
    trialPageCount: 20,
    ...extra,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db
    .insert(publishers)
    .values({ publisherId: 1, name: "出版社", nameKana: "シュッパンシャ" });
  await db.insert(genres).values([
    { genreId: 2, name: "少女・女性", sortOrder: 2 },
    { genreId: 20, name: "タテヨミ", sortOrder: 20 },
  ]);
  await db.insert(authors).values([
    { authorId: 1, name: "原作者", nameKana: "ゲンサクシャ" },
    { authorId: 2, name: "作画者", nameKana: "サクガシャ" },
  ]);
  await db.insert(tags).values([
    { tagId: 1, name: "胸キュン" },
    { tagId: 2, name: "溺愛" },
  ]);
  const base = {
    publisherId: 1,
    nameKana: "サクヒン",
    startDate: new Date(now.getTime() - 100 * day),
  };
  await db.insert(series).values([
    {
      ...base,
      seriesId: 1,
      name: "無料の作品",
      completeFlag: true,
      latestBookId: 12,
      volumeCount: 2,
    },
    { ...base, seriesId: 2, name: "セールの作品", newFlag: true, latestBookId: 21, volumeCount: 1 },
    {
      ...base,
      seriesId: 3,
      name: "増量の作品",
      latestBookId: 31,
      volumeCount: 1,
      appealImg: "appeal_3.jpg",
    },
    { ...base, seriesId: 4, name: "会員無料の作品", latestBookId: 42, volumeCount: 3 },
  ]);
  await db
    .insert(books)
    .values([
      volume(1, 11, 1, { freeFlag: true, price: 0, priceInc: 0 }),
      volume(1, 12, 2),
      volume(2, 21, 1, { itemStartDate: new Date(now.getTime() - 2 * day) }),
      volume(2, 22, 2, { onsaleFlag: false, itemStartDate: new Date(now.getTime() + 5 * day) }),
      volume(3, 31, 1),
      volume(4, 41, 1),
      volume(4, 42, 2),
    ]);
  const bookRows = await db.select().from(books);
  await db.insert(items).values(
    bookRows.map((b) => ({
      itemId: b.itemId,
      itemType: 0,
      bookId: b.bookId,
      price: b.price,
      priceInc: b.priceInc,
    })),
  );
  await db.insert(seriesAuthors).values([
    { seriesId: 1, authorId: 2, role: "作画", sortOrder: 2 },
    { seriesId: 1, authorId: 1, role: "原作", sortOrder: 1 },
    { seriesId: 1, authorId: 1, role: "キャラクター原案", sortOrder: 3 },
  ]);
  await db.insert(seriesGenres).values([
    { seriesId: 1, genreId: 20 },
    { seriesId: 1, genreId: 2 },
  ]);
  await db.insert(seriesTags).values([
    { seriesId: 1, tagId: 2, sortOrder: 1 },
    { seriesId: 1, tagId: 1, sortOrder: 2 },
  ]);
  const start = new Date(now.getTime() - 10 * day);
  const endAt = new Date("2026-11-30T14:59:59Z"); // 23:59:59 on 11/30 in Tokyo
  await db.insert(campaigns).values([
    { campaignId: 1, name: "50%OFF", startAt: start, endAt, sortOrder: 1 },
    { campaignId: 2, name: "立ち読み増量", startAt: start, endAt: null, sortOrder: 2 },
    { campaignId: 3, name: "会員限定無料", startAt: start, endAt, sortOrder: 3 },
    { campaignId: 4, name: "終了済み", startAt: start, endAt: new Date(now.getTime() - day) },
    { campaignId: 5, name: "クーポン", startAt: start, endAt, couponFlag: true },
  ]);
  await db.insert(campaignPolicies).values([
    { campaignId: 1, policyType: 101, salePct: 50 },
    { campaignId: 2, policyType: 104, trialPageCount: 60 },
    { campaignId: 3, policyType: 103, freeCount: 2 },
    { campaignId: 4, policyType: 102, freeCount: 5 },
  ]);
  await db.insert(campaignTargets).values([
    { campaignId: 1, seriesId: 2 },
    { campaignId: 2, seriesId: 3 },
    { campaignId: 3, seriesId: 4 },
    { campaignId: 4, seriesId: 1 },
    { campaignId: 5, seriesId: 1, itemId: 5012 },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("seriesItems", () => {
  it("answers in the order asked, skipping unknown and repeated ids", async () => {
    const list = await seriesItems(database.db, [3, 99, 1, 3, 2], { now });
    expect(list.map((s) => s.series_id)).toEqual([3, 1, 2]);
    expect(await seriesItems(database.db, [], { now })).toEqual([]);
  });

  it("describes the series with its first on-sale volume as the reading target", async () => {
    const [item] = await seriesItems(database.db, [1], { now });
    expect(item).toMatchObject({
      series_id: 1,
      book_id: 11,
      item_id: 5011,
      name: "無料の作品",
      series_name: "無料の作品",
      url: "/series/1",
      img: "/media/books/12/cover.png?v=3",
      latest_cover: "/media/books/12/cover.png?v=3",
      final_flag: true,
      free_flag: true,
      free_count: 1,
      get_flag: false,
      cart_flag: false,
      favorite_flag: false,
      author: "原作者／作画者",
      appeal_tags: ["溺愛", "胸キュン"],
      // The ended 5-volume free campaign no longer counts; the item-level coupon is for vol. 2.
      policy_type: null,
      coupon_flag: false,
    });
    expect(item!.authors).toEqual([
      { author_id: 1, name: "原作者" },
      { author_id: 2, name: "作画者" },
    ]);
    expect(item!.genres).toEqual([
      { genre_id: 2, name: "少女・女性" },
      { genre_id: 20, name: "タテヨミ" },
    ]);
  });

  it("carries the running campaign's policy, percentage and end label", async () => {
    const [sale, preview, memberFree] = await seriesItems(database.db, [2, 3, 4], { now });
    expect(sale).toMatchObject({
      policy_type: 101,
      sale_pct: 50,
      pub_campaign_id: 1,
      campaign_end_date: "2026-11-30 23:59:59",
      cp_end_date_label: "11/30まで",
      appeal_cp_flag: true,
      new_flag: true,
    });
    expect(preview).toMatchObject({
      policy_type: 104,
      trial_page_count: 60,
      trial_increase_flag: true,
      campaign_end_date: "",
      cp_end_date_label: "",
      appeal_img: "/media/appeal/appeal-3.png?v=3",
    });
    expect(memberFree).toMatchObject({
      policy_type: 103,
      member_free_flag: true,
      free_flag: false,
    });
  });

  it("gives the newest volume instead when bookLevel is set", async () => {
    const [item] = await seriesItems(database.db, [2], { now, bookLevel: true });
    expect(item).toMatchObject({
      book_id: 21,
      name: "作品2（1）",
      url: "/series/2/book/21",
      new_flag: true,
      onsale_flag: true,
    });
  });
});

describe("bookItems", () => {
  it("describes each volume, with item-level campaigns applying to that volume only", async () => {
    const list = await bookItems(database.db, [12, 11, 22], { now });
    expect(list.map((b) => b.book_id)).toEqual([12, 11, 22]);
    expect(list[0]).toMatchObject({
      volume: 2,
      img: "/media/books/12/cover.png?v=3",
      coupon_flag: true,
      coupon_end_date: "2026-11-30 23:59:59",
      free_flag: false,
    });
    expect(list[1]).toMatchObject({ coupon_flag: false, free_flag: true });
    expect(list[2]).toMatchObject({ onsale_flag: false, new_flag: false });
  });

  it("shows the cover of the volume it opens on when nothing is on sale (no latest volume)", async () => {
    const { db } = database;
    await db.insert(series).values({
      publisherId: 1,
      nameKana: "ハンバイテイシ",
      startDate: new Date(now.getTime() - 100 * day),
      seriesId: 9,
      name: "販売停止中の作品",
      latestBookId: null,
      volumeCount: 0,
    });
    await db.insert(books).values(volume(9, 91, 1, { onsaleFlag: false }));
    const [item] = await seriesItems(db, [9], { now });
    expect(item).toMatchObject({
      img: "/media/books/91/cover.png?v=3",
      latest_cover: "/media/books/91/cover.png?v=3",
      cover: "/media/books/91/cover.png?v=3",
    });
    await db.delete(books).where(eq(books.seriesId, 9));
    await db.delete(series).where(eq(series.seriesId, 9));
  });

  it("makes the same number of queries for one id as for many (no query per item)", async () => {
    const counted = (calls: { n: number }) =>
      new Proxy(database.db, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            if (String(prop).startsWith("select")) calls.n++;
            return value.apply(target, args);
          };
        },
      });
    const one = { n: 0 };
    const many = { n: 0 };
    await seriesItems(counted(one), [1], { now });
    const ids = Array.from({ length: 50 }, (_, i) => (i % 4) + 1);
    expect(await seriesItems(counted(many), ids, { now })).toHaveLength(4);
    expect(many.n).toBe(one.n);
  });
});

describe("endDateLabel", () => {
  it("labels the Tokyo day, treating a midnight end as the day before", () => {
    expect(endDateLabel(new Date("2026-11-30T14:59:59Z"))).toBe("11/30まで");
    expect(endDateLabel(new Date("2026-11-30T15:00:00Z"))).toBe("11/30まで");
    expect(endDateLabel(null)).toBe("");
  });
});
