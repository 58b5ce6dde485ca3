import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db, Tx } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { ApiError } from "../../lib/errors";
import {
  couponRules,
  grantCoupon,
  grantSignupCoupons,
  lockCouponForUse,
  markCouponUsed,
  receiveCoupon,
  releaseCoupon,
  usableCouponIds,
} from "./coupons";
import { couponItems, couponSeries, coupons, orders, receivedCoupons } from "./schema";

let database: Database;
let db: Db;
const now = new Date("2026-06-01T03:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
let nextUser = 1;

// 1 percent off store-wide (cap 500), 2 yen off for series 7 and 8, 3 volumes, 4 genre,
// 5 sign-up (72 h), 6 not yet started, 7 ended, 8 handed out only.
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const base = { startAt: hours(-48), endAt: hours(24 * 30), name: "クーポン" };
  await db.insert(coupons).values([
    { ...base, couponId: 1, couponType: 1, discountType: 1, discountValue: 30, maxDiscount: 500 },
    { ...base, couponId: 2, couponType: 3, discountType: 2, discountValue: 300, minPrice: 1000 },
    { ...base, couponId: 3, couponType: 4, discountType: 2, discountValue: 100 },
    { ...base, couponId: 4, couponType: 5, discountType: 1, discountValue: 10, genreId: 4 },
    {
      ...base,
      couponId: 5,
      couponType: 1,
      discountType: 1,
      discountValue: 50,
      validHours: 72,
      signupCoupon: true,
    },
    {
      ...base,
      couponId: 6,
      couponType: 1,
      discountType: 2,
      discountValue: 100,
      startAt: hours(24),
    },
    {
      ...base,
      couponId: 7,
      couponType: 1,
      discountType: 2,
      discountValue: 100,
      startAt: hours(-100),
      endAt: hours(-1),
    },
    { ...base, couponId: 8, couponType: 1, discountType: 2, discountValue: 100, receivable: false },
  ]);
  await db.insert(couponSeries).values([
    { couponId: 2, seriesId: 7 },
    { couponId: 2, seriesId: 8 },
  ]);
  await db.insert(couponItems).values([{ couponId: 3, itemId: 5001 }]);
});
afterAll(async () => {
  await database?.close();
});

const inTx = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn);

async function order(userId: number) {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      price: 1000,
      subtotal: 1000,
      tax: 90,
      amount: 1000,
      paymentType: 1,
      idempotencyKey: `k-${Math.random()}`,
    })
    .returning();
  return row!.orderId;
}

describe("coupon rules", () => {
  it("answers type, value, minimum and targets for the pricing service", async () => {
    const rules = await couponRules(db, [4, 3, 2, 1, 99]);
    expect(rules.map((r) => [r.couponId, r.discount, r.minPrice, r.target])).toEqual([
      [1, { type: "percent", percent: 30, maxYen: 500 }, 0, { kind: "all" }],
      [2, { type: "yen", yen: 300 }, 1000, { kind: "series", seriesIds: [7, 8] }],
      [3, { type: "yen", yen: 100 }, 0, { kind: "volumes", itemIds: [5001] }],
      [4, { type: "percent", percent: 10, maxYen: null }, 0, { kind: "genre", genreId: 4 }],
    ]);
  });
});

describe("holding and using coupons", () => {
  it("receives a coupon once; a second receive changes nothing", async () => {
    const userId = nextUser++;
    expect(await receiveCoupon(db, userId, 1, now)).toEqual({ received: true });
    expect(await receiveCoupon(db, userId, 1, hours(1))).toEqual({ received: false });
    const rows = await db.select().from(receivedCoupons).where(eq(receivedCoupons.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.receivedAt).toEqual(now);
  });

  it("refuses coupons that are handed out only, unknown or ended", async () => {
    const userId = nextUser++;
    for (const couponId of [8, 99, 7]) {
      const failure = await receiveCoupon(db, userId, couponId, now).catch((e) => e);
      expect(failure).toBeInstanceOf(ApiError);
    }
    expect(await usableCouponIds(db, userId, now)).toEqual([]);
  });

  it("gives the sign-up coupon at sign-up, usable for valid_hours from then", async () => {
    const userId = nextUser++;
    expect(await grantSignupCoupons(db, userId, now)).toEqual([5]);
    const [row] = await db.select().from(receivedCoupons).where(eq(receivedCoupons.userId, userId));
    expect(row!.expiresAt).toEqual(hours(72));
    expect(await usableCouponIds(db, userId, now)).toEqual([5]);
    expect(await usableCouponIds(db, userId, hours(73))).toEqual([]);
  });

  it("locks a held coupon for use and refuses one not started, used or not held", async () => {
    const userId = nextUser++;
    await grantCoupon(db, userId, 1, now);
    await grantCoupon(db, userId, 6, now);
    expect((await inTx((tx) => lockCouponForUse(tx, userId, 1, now))).couponId).toBe(1);
    for (const couponId of [6, 2]) {
      const failure = await inTx((tx) => lockCouponForUse(tx, userId, couponId, now)).catch(
        (e) => e,
      );
      expect((failure as ApiError).status).toBe(409);
    }
    const orderId = await order(userId);
    await inTx((tx) => markCouponUsed(tx, { userId, couponId: 1, orderId, now }));
    const used = await inTx((tx) => lockCouponForUse(tx, userId, 1, now)).catch((e) => e);
    expect((used as ApiError).message).toBe("このクーポンは使用済みです");
    await inTx((tx) => releaseCoupon(tx, orderId));
    expect(await usableCouponIds(db, userId, now)).toEqual([1]);
  });

  it("uses a coupon once when 50 checkouts try it at the same time", async () => {
    const userId = nextUser++;
    await grantCoupon(db, userId, 1, now);
    const orderIds = await Promise.all(Array.from({ length: 50 }, () => order(userId)));
    const results = await Promise.allSettled(
      orderIds.map((orderId) =>
        inTx(async (tx) => {
          await lockCouponForUse(tx, userId, 1, now);
          await markCouponUsed(tx, { userId, couponId: 1, orderId, now });
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [row] = await db
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.couponId, 1)));
    expect(row!.usedAt).not.toBeNull();
  });

  it("receives a coupon once when asked 20 times at the same time", async () => {
    const userId = nextUser++;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => receiveCoupon(db, userId, 2, now)),
    );
    expect(results.filter((r) => r.received)).toHaveLength(1);
    expect(await db.$count(receivedCoupons, eq(receivedCoupons.userId, userId))).toBe(1);
  });
});
