import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import { books, ITEM_TYPE_DRAMA_CD, items } from "../catalog/schema";
import { cdBrands, cdLabels, dramaCds } from "../dramacd/schema";
import { priceItems } from "./quote";
import { createShop, SALE_ITEM, SERIES_ONE_ITEM } from "./test-fixture";

let database: Database;
const now = new Date("2026-06-01T00:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await createShop(db);
  // Series 1: volumes 1–2 free under a running 102 campaign that also carries coupons.
  await db.insert(campaigns).values({
    campaignId: 2,
    name: "2巻まで無料",
    startAt: new Date("2026-01-01T00:00:00Z"),
    endAt: new Date("2099-01-01T00:00:00Z"),
    couponFlag: true,
  });
  await db.insert(campaignPolicies).values({ campaignId: 2, policyType: 102, freeCount: 2 });
  await db.insert(campaignTargets).values({ campaignId: 2, seriesId: 1 });
  // Volume 120 of series 1 comes out in the future.
  await db
    .update(books)
    .set({ itemStartDate: new Date("2027-01-01T00:00:00Z") })
    .where(eq(books.bookId, 1120));
  await db.insert(cdBrands).values({ brandId: 1, name: "ボイス堂" });
  await db.insert(cdLabels).values({ labelId: 1, brandId: 1, name: "ボイス堂レーベル" });
  await db.insert(dramaCds).values({
    cdId: 7,
    name: "月夜の契約 ドラマCD",
    nameKana: "ツキヨノケイヤクドラマシーディー",
    brandId: 1,
    labelId: 1,
    seriesId: 2,
    jacket: "jacket.png",
    saleStartDate: new Date("2026-01-01T00:00:00Z"),
  });
  await db.insert(items).values({
    itemId: 9001,
    itemType: ITEM_TYPE_DRAMA_CD,
    cdId: 7,
    price: 1800,
    priceInc: 1980,
    beforePrice: 2000,
    beforePriceInc: 2200,
  });
});
afterAll(async () => {
  await database?.close();
});

describe("pricing a member's items from the database", () => {
  it("prices volumes, sales, free volumes, unreleased volumes and a reduced drama CD", async () => {
    const priced = await priceItems(
      database.db,
      [SERIES_ONE_ITEM(1), SERIES_ONE_ITEM(3), SALE_ITEM(1), SERIES_ONE_ITEM(120), 9001, 123456],
      now,
    );
    const by = new Map(priced.map((p) => [p.itemId, p]));
    expect(priced.map((p) => p.itemId)).toEqual([
      SERIES_ONE_ITEM(1),
      SERIES_ONE_ITEM(3),
      SALE_ITEM(1),
      SERIES_ONE_ITEM(120),
      9001,
    ]);
    // Free under the 102 campaign: nothing to buy.
    expect(by.get(SERIES_ONE_ITEM(1))).toMatchObject({ salePrice: 0, buyable: false });
    expect(by.get(SERIES_ONE_ITEM(3))).toMatchObject({
      listPrice: 660,
      salePrice: 660,
      buyable: true,
      genreIds: [2],
      couponCampaignIds: [2],
    });
    expect(by.get(SALE_ITEM(1))).toMatchObject({ listPrice: 770, salePrice: 385, buyable: true });
    expect(by.get(SERIES_ONE_ITEM(120))).toMatchObject({ buyable: false });
    expect(by.get(9001)).toMatchObject({
      itemType: ITEM_TYPE_DRAMA_CD,
      cdId: 7,
      seriesId: 2,
      name: "月夜の契約 ドラマCD",
      listPrice: 2200,
      salePrice: 1980,
      buyable: true,
    });
  });
});
