import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../http/test-client";
import { getMember, registerMember } from "../account/service";
import { refundCampaigns } from "../commerce/schema";
import { readingProgress } from "../library/schema";
import { bookRatings } from "../review/schema";
import { pageState } from "./page-state";
import { entryApplications, topicEntries } from "./schema";
import { fillPlaceholders } from "./visibility";

let t: Awaited<ReturnType<typeof createTestApp>>;
// 2026-11-24 15:30 in Tokyo.
const NOW = new Date("2026-11-24T06:30:00Z");
const place = { url: "/topic/x", utm: { src: "", mdm: "", cpn: "" } };
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  ({ userId } = await registerMember(db, { email: "state@example.jp", password: "password-123" }));
  await db.insert(refundCampaigns).values({
    refundCampaignId: 4,
    name: "還元",
    ratePercent: 10,
    purchaseStartAt: new Date("2026-11-01T00:00:00Z"),
    purchaseEndAt: new Date("2026-12-01T00:00:00Z"),
    periodDate: "2026-12-15",
  });
  await db.insert(topicEntries).values([
    {
      entryId: 1,
      name: "受付中",
      acceptStartAt: new Date("2026-11-01T00:00:00Z"),
      acceptEndAt: new Date("2026-12-01T00:00:00Z"),
    },
    {
      entryId: 2,
      name: "終了",
      acceptStartAt: new Date("2026-10-01T00:00:00Z"),
      acceptEndAt: new Date("2026-11-01T00:00:00Z"),
    },
  ]);
  await db.insert(entryApplications).values({ entryId: 2, userId });
  // Two volumes of series 10 today, one of series 11 yesterday (Tokyo).
  await db.insert(readingProgress).values([
    { userId, bookId: 100, seriesId: 10, updatedAt: new Date("2026-11-24T01:00:00Z") },
    { userId, bookId: 101, seriesId: 10, updatedAt: new Date("2026-11-24T05:00:00Z") },
    { userId, bookId: 110, seriesId: 11, updatedAt: new Date("2026-11-23T10:00:00Z") },
  ]);
  await db.insert(bookRatings).values([
    { userId, bookId: 100, seriesId: 10, rating: 5 },
    { userId, bookId: 110, seriesId: 11, rating: 3 },
  ]);
});
afterAll(async () => {
  await t?.database.close();
});

describe("pageState", () => {
  it("gives a visitor the shop-wide values and none of a member's", async () => {
    const s = await pageState(t.services.db, null, place, NOW);
    expect(s).toMatchObject({
      isLogin: false,
      today: "20261124",
      now: "202611241530",
      thisMonth: "202611",
      lastMonth: "202610",
      endOfMonth: { month: 11, day: 30 },
      refundsEnabled: [4],
      entries: { accepted: [1], completed: [] },
      totalRating: 0,
    });
    expect(fillPlaceholders("{refund_period_date:4}", s)).toBe("12月15日");
  });

  it("reads a member's entries, ratings and reading of today", async () => {
    const member = await getMember(t.services.db, userId);
    const s = await pageState(t.services.db, member, place, NOW);
    expect(s.isLogin).toBe(true);
    expect(s.signupTime).toBe(Math.floor(member!.signupAt.getTime() / 1000));
    expect(s.entries).toEqual({ accepted: [1], completed: [2] });
    expect(s.totalRating).toBe(2);
    expect(s.readSeriesCount).toBe(2);
    expect(s.dailyReadSeriesCount.get(10)).toBe(2);
    expect(s.dailyReadSeriesCount.has(11)).toBe(false);
    expect(s).toMatchObject({ payCount: 0, isPaid: false, amount: 0, cartPrice: 0 });
    expect(fillPlaceholders("{total_rating}/{read_series_count}", s)).toBe("2/2");
  });
});
