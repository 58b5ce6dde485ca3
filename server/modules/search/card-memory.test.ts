import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import { seriesItems } from "../cards/series-items";
import { series, seriesAuthors, seriesTags } from "../catalog/schema";
import {
  CAMPAIGN_CHECK_MS,
  cardMemory,
  cardsFromMemory,
  heldCardMemory,
  loadCardMemory,
  RATING_CHECK_MS,
} from "./card-memory";
import { rebuildSearchIndex } from "./indexer";
import { FIXTURE_SERIES, fixtureVolumes, insertFixtureCatalog, NOW } from "./test-fixture";

const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await insertFixtureCatalog(db);
  // What cards show beyond the fixture's basics: a person credited twice, several tags.
  await db.insert(seriesAuthors).values({ seriesId: 1, authorId: 1, role: "原案", sortOrder: 5 });
  await db.insert(seriesTags).values({ seriesId: 1, tagId: 2, sortOrder: 1 });
  // Campaigns running, ending, starting later, item-level and coupon, so `now` matters.
  await db.insert(campaigns).values([
    { campaignId: 1, name: "50%OFF", startAt: at(-5), endAt: at(3), sortOrder: 1 },
    { campaignId: 2, name: "無料増量", startAt: at(2), endAt: at(9), sortOrder: 2 },
    { campaignId: 3, name: "立ち読み増量", startAt: at(-1), endAt: null, sortOrder: 3 },
    { campaignId: 4, name: "会員限定無料", startAt: at(-2), endAt: at(6), sortOrder: 4 },
    { campaignId: 5, name: "クーポン", startAt: at(-3), endAt: at(4), couponFlag: true },
    { campaignId: 6, name: "終了済み", startAt: at(-20), endAt: at(-10), sortOrder: 6 },
  ]);
  await db.insert(campaignPolicies).values([
    { campaignId: 1, policyType: 101, salePct: 50 },
    { campaignId: 2, policyType: 102, freeCount: 2 },
    { campaignId: 3, policyType: 104, trialPageCount: 60 },
    { campaignId: 4, policyType: 103, freeCount: 1 },
    { campaignId: 6, policyType: 102, freeCount: 5 },
  ]);
  await db.insert(campaignTargets).values([
    { campaignId: 1, seriesId: 1 },
    { campaignId: 1, seriesId: 100 },
    { campaignId: 2, seriesId: 1 },
    { campaignId: 2, seriesId: 2 },
    { campaignId: 3, seriesId: 3 },
    { campaignId: 4, seriesId: 4 },
    { campaignId: 5, seriesId: 2, itemId: fixtureVolumes(2)[0]!.itemId },
    { campaignId: 5, seriesId: 3, itemId: fixtureVolumes(3)[0]!.itemId },
    { campaignId: 6, seriesId: 101 },
  ]);
  await rebuildSearchIndex(db, { now: NOW, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await database?.close();
});

const seriesIds = FIXTURE_SERIES.map((s) => s.seriesId);

describe("search cards from the copy held in memory", () => {
  it("are the cards the database answers, byte for byte, at any moment after the copy was read", async () => {
    const memory = await loadCardMemory(database.db, NOW);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom(...seriesIds), fc.constant(9999)), { maxLength: 30 }),
        fc.integer({ min: 0, max: 12 * 24 }),
        async (ids, hours) => {
          const now = new Date(NOW.getTime() + hours * 3_600_000);
          const fromDatabase = await seriesItems(database.db, ids, { now });
          const fromMemory = await cardsFromMemory(database.db, memory, ids, now);
          expect(JSON.stringify(fromMemory)).toBe(JSON.stringify(fromDatabase));
          expect(fromMemory).toEqual(fromDatabase);
        },
      ),
      { numRuns: 150 },
    );
    // Campaign boundaries are crossed: a sale seen, a free campaign seen only once it starts.
    const [before] = await cardsFromMemory(database.db, memory, [1], at(1));
    const [after] = await cardsFromMemory(database.db, memory, [1], at(5));
    expect(before).toMatchObject({ sale_pct: 50, policy_type: 101 });
    expect(after).toMatchObject({ sale_pct: 0, policy_type: 102, free_count: 2 });
  });

  it("sees an edited campaign within CAMPAIGN_CHECK_MS and a moved rating within RATING_CHECK_MS", async () => {
    const { db } = database;
    const memory = await cardMemory(db);
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    // A sale added to a series after the copy was read (campaign 1 has ended by the real clock).
    await db.insert(campaigns).values({
      campaignId: 7,
      name: "20%OFF",
      startAt: new Date(start - DAY),
      endAt: null,
      sortOrder: 7,
    });
    await db.insert(campaignPolicies).values({ campaignId: 7, policyType: 101, salePct: 20 });
    await db.insert(campaignTargets).values({ campaignId: 7, seriesId: 100 });
    await db
      .update(series)
      .set({ ratingAverage: 2.5, ratingCount: 7 })
      .where(eq(series.seriesId, 100));
    const card = async () =>
      (await cardsFromMemory(db, heldCardMemory(db)!, [100], new Date(start)))[0]!;
    expect((await card()).sale_pct).toBe(0);

    clock.mockReturnValue(start + CAMPAIGN_CHECK_MS);
    heldCardMemory(db);
    await vi.waitFor(async () => expect((await card()).sale_pct).toBe(20));
    expect((await card()).rating_count).not.toBe(7);

    clock.mockReturnValue(start + RATING_CHECK_MS);
    heldCardMemory(db);
    await vi.waitFor(async () =>
      expect(await card()).toMatchObject({ rating_average: 2.5, rating_count: 7 }),
    );
    expect(heldCardMemory(db)).toBe(memory);
    expect(await card()).toEqual((await seriesItems(db, [100], { now: new Date(start) }))[0]);
  });

  it("reads the catalog again once the index is rebuilt", async () => {
    const { db } = database;
    const before = await cardMemory(db);
    await db.update(series).set({ name: "魔王の花嫁 新装版" }).where(eq(series.seriesId, 1));
    await rebuildSearchIndex(db, { now: at(1), force: true });
    // Past the checks the test before moved the clock to.
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + RATING_CHECK_MS + CAMPAIGN_CHECK_MS);
    heldCardMemory(db);
    await vi.waitFor(() => expect(heldCardMemory(db)).not.toBe(before));
    const now = new Date();
    expect((await cardsFromMemory(db, heldCardMemory(db)!, [1], now))[0]!.series_name).toBe(
      "魔王の花嫁 新装版",
    );
  });
});
