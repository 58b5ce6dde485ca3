import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartAnswer } from "../../../contract/cart";
import type { CheckoutResult } from "../../../contract/checkout";
import { createTestApp } from "../../http/test-client";
import { userItems } from "../library/schema";
import { createShop, giveCoupon, SERIES_ONE_ITEM, shopMember } from "../pricing/test-fixture";
import { TEST_CARDS } from "./payments/provider";
import { coupons, orders, receivedCoupons } from "./schema";

// Its own database: a sign-up coupon is granted to every member who signs up while it runs, which
// would change the best coupon in the other checkout tests.
let t: Awaited<ReturnType<typeof createTestApp>>;
const SIGNUP_COUPON = 900;
const hour = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  await createShop(t.services.db);
  await t.services.db.insert(coupons).values({
    couponId: SIGNUP_COUPON,
    couponType: 1,
    name: "新規会員登録限定 50%OFFクーポン",
    discountType: 1,
    discountValue: 50,
    maxDiscount: 1000,
    startAt: new Date(Date.now() - 24 * hour),
    endAt: new Date(Date.now() + 365 * 24 * hour),
    validHours: 72,
    receivable: false,
    signupCoupon: true,
  });
});
afterAll(async () => {
  await t?.database.close();
});

const token = () => `tok_${Math.random().toString(36).slice(2)}${Date.now()}`;

describe("the sign-up coupon", () => {
  it("is offered in the cart as the best coupon, takes its discount at checkout, then is used", async () => {
    const db = t.services.db;
    const { browser, userId } = await shopMember(t.app, db);
    const smaller = await giveCoupon(db, userId, { discountValue: 100 });
    const [first, second] = [SERIES_ONE_ITEM(1), SERIES_ONE_ITEM(2)];
    await browser.postJson("/api/cart_add", { items: [first] });

    const cart = (await browser.postJson<CartAnswer>("/api/cart")).body;
    expect(cart.coupons.map((c) => c.coupon_id).sort()).toEqual([smaller, SIGNUP_COUPON].sort());
    // 50% of 660 yen is 330, more than the 100 yen coupon: the sign-up coupon is chosen.
    expect(cart).toMatchObject({ select_coupon: SIGNUP_COUPON, coupon_discount: 330 });

    const bought = await browser.postJson<CheckoutResult>("/api/checkout", {
      coupon: SIGNUP_COUPON,
      payment_type: 1,
      card: TEST_CARDS.succeeds,
      token: token(),
    });
    expect(bought.body).toMatchObject({ result: true, status: "paid" });
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.orderId, bought.body.order_id as number));
    expect(order).toMatchObject({
      couponId: SIGNUP_COUPON,
      price: 660,
      couponDiscount: 330,
      subtotal: 330,
      amount: 330,
    });
    const [held] = await db
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.couponId, SIGNUP_COUPON)));
    expect(held).toMatchObject({ orderId: order!.orderId });
    expect(held!.usedAt).not.toBeNull();

    // Single use: the next cart no longer offers it, and a checkout naming it is refused.
    await browser.postJson("/api/cart_add", { items: [second] });
    const next = (await browser.postJson<CartAnswer>("/api/cart")).body;
    expect(next.coupons.map((c) => c.coupon_id)).toEqual([smaller]);
    expect(next.select_coupon).toBe(smaller);
    const again = await browser.postJson<CheckoutResult>("/api/checkout", {
      coupon: SIGNUP_COUPON,
      payment_type: 1,
      card: TEST_CARDS.succeeds,
      token: token(),
    });
    expect(again.status).toBe(409);
    expect(again.body.error_message).toContain("使用済み");
    const owned = await db.select().from(userItems).where(eq(userItems.userId, userId));
    expect(owned.map((r) => r.itemId)).toEqual([first]);
    expect(await db.$count(orders, eq(orders.userId, userId))).toBe(1);
  });
});
