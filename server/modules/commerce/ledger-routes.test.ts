import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PointHistoryAnswer, PresentListAnswer } from "../../../contract/ledgers";
import type { Db } from "../../db/client";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { campaigns, campaignTargets } from "../campaign/schema";
import { ITEM_TYPE_BOOK, publishers, series } from "../catalog/schema";
import { insertVolumes } from "../catalog/test-fixture";
import { userItems } from "../library/schema";
import { priceExTax, taxContained } from "../pricing/rules";
import { runLedgerJobs, runLedgerPass } from "./jobs";
import { sandboxProvider } from "./payments/provider";
import { daysLater, earnPoints, spendPoints } from "./points";
import {
  coupons,
  orders,
  pointEntries,
  presents,
  receivedCoupons,
  refundCampaigns,
  refunds,
} from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
const past = new Date("2026-01-01T00:00:00Z");
const hour = 3_600_000;

// Volumes 3001 (330 yen), 3002 (660 yen), 3003 (1100 yen); a sign-up coupon running now.
beforeAll(async () => {
  t = await createTestApp();
  db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values({
    seriesId: 1,
    name: "星降る街",
    nameKana: "ホシフルマチ",
    publisherId: 1,
    startDate: past,
  });
  const prices = [330, 660, 1100];
  const rows = prices.map((priceInc, i) => ({
    bookId: 301 + i,
    seriesId: 1,
    itemId: 3001 + i,
    volume: i + 1,
    title: `星降る街 ${i + 1}`,
    price: priceExTax(priceInc),
    priceInc,
    onsaleFlag: true,
    itemStartDate: past,
    pageCount: 30,
  }));
  await insertVolumes(db, rows);
  const now = Date.now();
  await db.insert(coupons).values([
    {
      couponId: 1,
      couponType: 1,
      name: "新規会員登録クーポン 50%OFF",
      discountType: 1,
      discountValue: 50,
      maxDiscount: 1000,
      startAt: new Date(now - 24 * hour),
      endAt: new Date(now + 365 * 24 * hour),
      validHours: 72,
      signupCoupon: true,
    },
    {
      couponId: 2,
      couponType: 1,
      name: "300円OFFクーポン",
      discountType: 2,
      discountValue: 300,
      minPrice: 1000,
      startAt: new Date(now - 24 * hour),
      endAt: new Date(now + 48 * hour),
    },
    {
      couponId: 3,
      couponType: 1,
      name: "来月のクーポン",
      discountType: 2,
      discountValue: 100,
      startAt: new Date(now + 24 * hour),
      endAt: new Date(now + 240 * hour),
    },
  ]);
});
afterAll(async () => {
  await t?.database.close();
});

async function member() {
  const browser = new Browser(t.app);
  const email = `ledger-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

async function paidOrder(userId: number, amount: number, at: Date) {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      price: amount,
      subtotal: amount,
      tax: taxContained(amount),
      amount,
      paymentType: 1,
      idempotencyKey: `k-${Math.random()}`,
      createdAt: at,
    })
    .returning();
  return row!.orderId;
}

describe("points", () => {
  it("answers the balance, points expiring soon and the history with dates", async () => {
    const { browser, userId } = await member();
    const now = new Date();
    await db.transaction((tx) =>
      earnPoints(tx, {
        userId,
        point: 500,
        reason: "campaign",
        expiresAt: daysLater(now, 10),
        now: daysLater(now, -3),
        description: "春のキャンペーン",
      }),
    );
    await db.transaction((tx) =>
      earnPoints(tx, {
        userId,
        point: 40,
        reason: "stamp",
        expiresAt: daysLater(now, 200),
        now: daysLater(now, -2),
      }),
    );
    await db.transaction((tx) =>
      spendPoints(tx, {
        userId,
        point: 120,
        orderId: 77,
        now: daysLater(now, -1),
      }),
    );
    expect((await browser.postJson("/api/point")).body).toEqual({ result: true, point: 420 });
    const { body } = await browser.postJson<PointHistoryAnswer>("/api/point_history");
    expect(body.point).toBe(420);
    expect(body.expire).toHaveLength(1);
    expect(body.expire[0]!.point).toBe(380);
    expect(body.history.map((h) => [h.type, h.type_text, h.point])).toEqual([
      ["use", "ポイント利用", -120],
      ["stamp", "ログインスタンプ", 40],
      ["campaign", "キャンペーン", 500],
    ]);
    expect(body.history[2]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.history[2]!.expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.history[0]!.order_id).toBe(77);
  });

  it("expires points on their date by the job, once, and shows them in the history", async () => {
    const { browser, userId } = await member();
    const now = new Date();
    await db.transaction((tx) =>
      earnPoints(tx, {
        userId,
        point: 90,
        reason: "present",
        expiresAt: new Date(now.getTime() - hour),
        now: daysLater(now, -30),
      }),
    );
    await runLedgerJobs(db, now);
    await runLedgerJobs(db, now);
    const { body } = await browser.postJson<PointHistoryAnswer>("/api/point_history");
    expect(body.point).toBe(0);
    expect(body.history.map((h) => [h.type, h.point])).toEqual([
      ["expire", -90],
      ["present", 90],
    ]);
  });

  it("lists volumes the points pay for in full, leaving out owned ones", async () => {
    const { browser, userId } = await member();
    await db.transaction((tx) =>
      earnPoints(tx, {
        userId,
        point: 700,
        reason: "campaign",
        expiresAt: null,
        now: new Date(),
      }),
    );
    await db.insert(userItems).values({
      userId,
      itemId: 3001,
      itemType: ITEM_TYPE_BOOK,
      bookId: 301,
      seriesId: 1,
      source: "purchase",
    });
    const { body } = await browser.postJson<{ point: number; data: Array<{ book_id?: number }> }>(
      "/api/point/books",
    );
    expect(body.point).toBe(700);
    expect(JSON.stringify(body.data)).toContain("302");
    expect(body.data).toHaveLength(1);
  });

  it("sends visitors to login and refuses a bad page number", async () => {
    const visitor = new Browser(t.app);
    expect((await visitor.postJson("/api/point")).body).toMatchObject({ error_url: "/login" });
    const { browser } = await member();
    const bad = await browser.postJson("/api/point_history", { pn: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toContain("pn");
  });
});

describe("coupons", () => {
  it("grants the sign-up coupon at sign-up with its countdown in the status", async () => {
    const { browser, userId } = await member();
    const held = await db.select().from(receivedCoupons).where(eq(receivedCoupons.userId, userId));
    expect(held.map((h) => h.couponId)).toEqual([1]);
    const status = (await browser.postJson<Record<string, unknown>>("/api/user")).body;
    expect(status.enable_coupon).toEqual([1]);
    expect(status.signup_coupon_expire_seconds).toBeGreaterThan(71 * 3600);
  });

  it("lists held and receivable coupons with countdown and disabled flags", async () => {
    const { browser } = await member();
    const { body } = await browser.postJson<{ coupon: Array<Record<string, unknown>> }>(
      "/api/coupons",
    );
    expect(body.coupon.map((c) => [c.coupon_id, c.received_flag, c.disabled, c.countdown])).toEqual(
      [
        // 72 hours from sign-up is just under 259200 s by the time the list is read.
        [1, true, false, true],
        [2, false, false, false],
        [3, false, true, false],
      ],
    );
    expect(body.coupon[0]).toMatchObject({ coupon_type: 1, name: "新規会員登録クーポン 50%OFF" });
  });

  it("receives a coupon: received and enabled, a second receive changes nothing", async () => {
    const { browser, userId } = await member();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => browser.postJson("/api/coupon_receive", { coupon_id: 2 })),
    );
    expect(answers.every((a) => a.body.result)).toBe(true);
    expect(answers.filter((a) => a.body.received)).toHaveLength(1);
    expect(await db.$count(receivedCoupons, eq(receivedCoupons.userId, userId))).toBe(2);
    const { body } = await browser.postJson<{ coupon: Array<Record<string, unknown>> }>(
      "/api/coupons",
    );
    const two = body.coupon.find((c) => c.coupon_id === 2)!;
    expect(two).toMatchObject({ received_flag: true, disabled: false, countdown: true });
    expect(two.expire_seconds).toBeLessThan(259_200);
    const status = (await browser.postJson<Record<string, unknown>>("/api/user")).body;
    expect(status.enable_coupon).toEqual([1, 2]);
    expect(status.received_coupon).toEqual([1, 2]);
  });

  it("refuses unknown coupons and bad ids", async () => {
    const { browser } = await member();
    expect((await browser.postJson("/api/coupon_receive", { coupon_id: 999 })).status).toBe(404);
    const bad = await browser.postJson("/api/coupon_receive", { coupon_id: "a" });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toContain("coupon_id");
    expect((await browser.postJson("/api/coupon", { campaign: 999 })).status).toBe(404);
  });
});

describe("a coupon campaign", () => {
  it("answers its coupon and its target titles with paging, and takes the coupon", async () => {
    const now = Date.now();
    await db.insert(campaigns).values({
      campaignId: 50,
      name: "星降る街 クーポンキャンペーン",
      genreIds: [2],
      couponFlag: true,
      startAt: new Date(now - 48 * hour),
      endAt: new Date(now + 240 * hour),
    });
    await db.insert(campaignTargets).values({ campaignId: 50, seriesId: 1, sortOrder: 1 });
    await db.insert(coupons).values({
      couponId: 50,
      couponType: 2,
      campaignId: 50,
      name: "星降る街 20%OFF",
      discountType: 1,
      discountValue: 20,
      startAt: new Date(now - 48 * hour),
      endAt: new Date(now + 240 * hour),
    });
    const { browser } = await member();
    const { body } = await browser.postJson<{
      coupon: Array<Record<string, unknown>>;
      targets: Array<{ series_id: number | null }>;
      pattern: { page: number; hit: number };
    }>("/api/coupon", { campaign: 50, pn: 1 });
    expect(body.coupon.map((c) => [c.coupon_id, c.coupon_type, c.received_flag])).toEqual([
      [50, 2, false],
    ]);
    expect(body.targets.map((x) => x.series_id)).toEqual([1]);
    expect(body.pattern).toMatchObject({ page: 1, hit: 1 });
    await browser.postJson("/api/coupon_receive", { coupon_id: 50 });
    const again = await browser.postJson<{ coupon: Array<Record<string, unknown>> }>(
      "/api/coupon",
      { campaign: 50 },
    );
    expect(again.body.coupon[0]).toMatchObject({ received_flag: true, disabled: false });
  });
});

describe("the present box", () => {
  async function box(userId: number) {
    const [volume, points, coupon] = await db
      .insert(presents)
      .values([
        {
          userId,
          itemId: 3003,
          itemType: ITEM_TYPE_BOOK,
          bookId: 303,
          seriesId: 1,
          caption: "星降る街 3巻プレゼント",
        },
        { userId, point: 150, pointValidDays: 30, caption: "150ポイントプレゼント" },
        { userId, couponId: 2, caption: "300円OFFクーポン" },
      ])
      .returning();
    return { volume: volume!, points: points!, coupon: coupon! };
  }

  it("lists waiting presents and receives each exactly once, however often asked", async () => {
    const { browser, userId } = await member();
    const { volume, points } = await box(userId);
    const list = await browser.postJson<PresentListAnswer>("/api/present");
    expect(list.body.all_receve_flag).toBe(true);
    expect(list.body.present_list.map((p) => p.kind).sort()).toEqual(["coupon", "item", "point"]);
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => browser.postJson(`/api/present/${points.presentId}`)),
    );
    expect(tries.filter((a) => a.body.result)).toHaveLength(1);
    expect(tries.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await browser.postJson("/api/point")).body.point).toBe(150);
    const got = await browser.postJson(`/api/present/${volume.presentId}`);
    expect(got.body).toMatchObject({ result: true, caption: "星降る街 3巻プレゼント" });
    const owned = await db.select().from(userItems).where(eq(userItems.userId, userId));
    expect(owned.map((o) => [o.itemId, o.source])).toEqual([[3003, "present"]]);
  });

  it("receives everything at once; the box is then empty", async () => {
    const { browser, userId } = await member();
    await box(userId);
    const all = await browser.postJson<{ item: unknown[] }>("/api/present/all");
    expect(all.body.item).toHaveLength(3);
    const again = await browser.postJson<{ item: unknown[] }>("/api/present/all");
    expect(again.body.item).toHaveLength(0);
    const list = await browser.postJson<PresentListAnswer>("/api/present");
    expect(list.body).toMatchObject({ present_list: [], all_receve_flag: false });
    const held = await db.select().from(receivedCoupons).where(eq(receivedCoupons.userId, userId));
    expect(held.map((h) => h.couponId).sort()).toEqual([1, 2]);
    expect(await db.$count(pointEntries, eq(pointEntries.userId, userId))).toBe(1);
  });

  it("does not let one member receive another's present", async () => {
    const owner = await member();
    const other = await member();
    const { points } = await box(owner.userId);
    expect((await other.browser.postJson(`/api/present/${points.presentId}`)).status).toBe(404);
  });
});

describe("refund campaigns", () => {
  it("shows a member the points a job paid back on their next page, not what was kept for them", async () => {
    const { browser, userId } = await member();
    const now = new Date();
    // A purchase period of its own, around one order, apart from the other refund tests'.
    const bought = new Date(now.getTime() - 12 * 24 * hour);
    const [campaign] = await db
      .insert(refundCampaigns)
      .values({
        name: "10%ポイント還元",
        ratePercent: 10,
        purchaseStartAt: new Date(bought.getTime() - 60_000),
        purchaseEndAt: new Date(bought.getTime() + 60_000),
        periodDate: "2099-01-01",
      })
      .returning();
    await paidOrder(userId, 1000, bought);
    // Kept for the member under their version (decision 0038): the job is not their request.
    const point = async () => (await browser.postJson<{ point: number }>("/api/user")).body.point;
    expect(await point()).toBe(0);
    await db
      .update(refundCampaigns)
      .set({ periodDate: "2000-01-01" })
      .where(eq(refundCampaigns.refundCampaignId, campaign!.refundCampaignId));
    const told: number[] = [];
    await runLedgerPass(
      db,
      t.services.logger,
      sandboxProvider(),
      async (ids) => {
        told.push(...ids);
        for (const id of ids) await t.services.memberKept.changed(id);
      },
      now,
    );
    expect(told).toContain(userId);
    expect(await point()).toBe(100);
  });

  it("gives points back for paid orders in the period once per order, on period_date", async () => {
    const { browser, userId } = await member();
    const now = new Date();
    const [campaign] = await db
      .insert(refundCampaigns)
      .values({
        name: "20%ポイント還元",
        ratePercent: 20,
        purchaseStartAt: new Date(now.getTime() - 10 * 24 * hour),
        purchaseEndAt: new Date(now.getTime() + 24 * hour),
        periodDate: "2099-01-01",
      })
      .returning();
    const status = (await browser.postJson<Record<string, unknown>>("/api/user")).body;
    expect(status.enable_refund).toEqual([campaign!.refundCampaignId]);
    const inPeriod = await paidOrder(userId, 1000, new Date(now.getTime() - 24 * hour));
    await paidOrder(userId, 5000, new Date(now.getTime() - 20 * 24 * hour));
    await runLedgerJobs(db, now);
    expect((await browser.postJson("/api/point")).body.point).toBe(0);
    await db
      .update(refundCampaigns)
      .set({ periodDate: "2000-01-01" })
      .where(eq(refundCampaigns.refundCampaignId, campaign!.refundCampaignId));
    await Promise.all([runLedgerJobs(db, now), runLedgerJobs(db, now)]);
    await runLedgerJobs(db, now);
    expect((await browser.postJson("/api/point")).body.point).toBe(200);
    const rows = await db.select().from(refunds).where(eq(refunds.userId, userId));
    expect(rows.map((r) => [r.orderId, r.amount, r.status])).toEqual([[inPeriod, 200, "granted"]]);
  });
});
