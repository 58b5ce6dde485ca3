import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../db/test-database";
import { campaignPolicies, campaigns, campaignTargets } from "../modules/campaign/schema";
import { books, ITEM_TYPE_BOOK, items, series } from "../modules/catalog/schema";
import { volumeEntry } from "../modules/entitlements/service";
import { priceItems } from "../modules/pricing/quote";
import { priceExTax } from "../modules/pricing/rules";
import { createShop } from "../modules/pricing/test-fixture";
import { campaignPage } from "./campaign";
import { checkoutPage } from "./cart";
import { seriesMain } from "./series-answers";

/**
 * Whether a volume is free to members and what it costs otherwise is one rule (decision 0069);
 * the checkout's quote, the reader's terms, the series page, the campaign page's bundles and the
 * order page must all say the same of every volume. Series 40, under campaign 40 (members read
 * volumes 1–3 free, 30% off the rest):
 *   1, 2  on sale, covered by the member-free count
 *   3     not on sale yet, inside the count: sold at its sale price when it comes out
 *   4     on sale, 528 yen → 369
 *   5     on sale, member-free in the catalog itself
 *   6     on sale but not out until next year
 */
const NOW = new Date("2026-06-01T00:00:00Z");
const PAST = new Date("2026-01-01T00:00:00Z");
const LATER = new Date("2027-01-01T00:00:00Z");
const book = (v: number) => 40_000 + v;
const item = (v: number) => 41_000 + v;

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await createShop(db);
  await db.insert(series).values({
    seriesId: 40,
    name: "約束の月",
    nameKana: "ヤクソクノツキ",
    publisherId: 1,
    startDate: PAST,
  });
  const volume = (v: number, priceInc: number, extra: Partial<typeof books.$inferInsert> = {}) => ({
    bookId: book(v),
    seriesId: 40,
    itemId: item(v),
    volume: v,
    title: `約束の月 ${v}`,
    price: priceExTax(priceInc),
    priceInc,
    onsaleFlag: true,
    itemStartDate: PAST,
    pageCount: 30,
    ...extra,
  });
  const rows = [
    volume(1, 660),
    volume(2, 660),
    volume(3, 660, { onsaleFlag: false, itemStartDate: LATER }),
    volume(4, 528),
    volume(5, 660, { memberFreeFlag: true }),
    volume(6, 660, { itemStartDate: LATER }),
  ];
  await db.insert(books).values(rows);
  await db.insert(items).values(
    rows.map((r) => ({
      itemId: r.itemId,
      itemType: ITEM_TYPE_BOOK,
      bookId: r.bookId,
      price: r.price,
      priceInc: r.priceInc,
      onsaleFlag: r.onsaleFlag,
    })),
  );
  await db.insert(campaigns).values({ campaignId: 40, name: "3巻まで会員無料", startAt: PAST });
  await db.insert(campaignPolicies).values([
    { campaignId: 40, policyType: 103, freeCount: 3 },
    { campaignId: 40, policyType: 101, salePct: 30 },
  ]);
  await db.insert(campaignTargets).values({ campaignId: 40, seriesId: 40 });
});

afterAll(async () => {
  await database.close();
});

const VOLUMES = [1, 2, 3, 4, 5, 6];

describe("free to members and the price, one rule for every page (issue 22)", () => {
  it("the quote, the reader's terms and the series page say the same of every volume", async () => {
    const db = database.db;
    const quoted = new Map(
      (
        await priceItems(
          db,
          VOLUMES.map((v) => item(v)),
          NOW,
        )
      ).map((p) => [p.volume, p]),
    );
    const page = await seriesMain(db, 40, NOW);
    const seen = [];
    for (const v of VOLUMES) {
      const quote = quoted.get(v)!;
      const entry = (await volumeEntry(db, book(v), NOW))!;
      const shown = page!.books.find((b) => b.volume === v)!;
      const free = entry.terms.free || entry.terms.memberFree;
      expect(shown.free_flag || shown.member_free_flag, `volume ${v}`).toBe(free);
      expect([quote.salePrice, shown.price], `volume ${v}`).toEqual([entry.price, entry.price]);
      seen.push({ v, free, price: entry.price, notBuyable: quote.notBuyable });
    }
    expect(seen).toEqual([
      { v: 1, free: true, price: 0, notBuyable: "member_free" },
      { v: 2, free: true, price: 0, notBuyable: "member_free" },
      // Not on sale yet: a free campaign does not promise it free; it is sold at its sale price.
      { v: 3, free: false, price: 462, notBuyable: "not_on_sale" },
      { v: 4, free: false, price: 369, notBuyable: null },
      { v: 5, free: true, price: 0, notBuyable: "member_free" },
      { v: 6, free: false, price: 462, notBuyable: "not_released" },
    ]);
  });

  it("the order page of a volume not on sale yet shows its price, never 0円", async () => {
    const page = await checkoutPage(database.db, 1, { item: item(3) }, NOW);
    const line = page.items_child[0]!.items[0]!;
    expect(line).toMatchObject({ item_id: item(3), price: 462, before_price: 660, buyable: false });
  });

  it("the campaign page bundles exactly what the checkout would sell, at its price", async () => {
    const db = database.db;
    const answer = await campaignPage(db, 40, 1, null, NOW);
    if (answer.state !== "running") throw new Error(answer.state);
    const { bundle, bundle_child } = answer.answer;
    // Of series 40 only volume 4 can be bought now: 1, 2 and 5 are free to members, 3 is not on
    // sale and 6 not out.
    expect(bundle_child).toEqual({ "40": [item(4)] });
    const quoted = await priceItems(db, bundle.item_ids, NOW);
    expect(quoted.every((p) => p.buyable)).toBe(true);
    expect(bundle.price_inc).toBe(quoted.reduce((sum, p) => sum + p.salePrice, 0));
  });
});
