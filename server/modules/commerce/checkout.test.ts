import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartAnswer } from "../../../contract/cart";
import type { CheckoutResult } from "../../../contract/checkout";
import type { CouponsAnswer } from "../../../contract/ledgers";
import type { UserStatus } from "../../../contract/status";
import { Browser, createTestApp } from "../../http/test-client";
import { checkoutPage } from "../../pages/cart";
import { users } from "../account/schema";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import { books, ITEM_TYPE_BOOK, items, series } from "../catalog/schema";
import { userItems } from "../library/schema";
import { outbox } from "../mail/schema";
import { priceExTax, taxContained } from "../pricing/rules";
import {
  createShop,
  giveCoupon,
  givePoints,
  SALE_ITEM,
  SERIES_ONE_ITEM,
  shopMember,
} from "../pricing/test-fixture";
import { cancelAbandonedPayments, checkout } from "./checkout";
import { runLedgerJobs } from "./jobs";
import { sandboxProvider, TEST_CARDS } from "./payments/provider";
import { cartItems, orderItems, orders, payments, pointEntries, receivedCoupons } from "./schema";
import { pointBalance } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
let volume = 0;
/** A volume of series 1 no other test has used. */
const freshItem = () => SERIES_ONE_ITEM(++volume);

beforeAll(async () => {
  t = await createTestApp();
  await createShop(t.services.db);
});
afterAll(async () => {
  await t?.database.close();
});

const db = () => t.services.db;
const member = () => shopMember(t.app, db());
const token = () => `tok_${Math.random().toString(36).slice(2)}${Date.now()}`;

async function state(userId: number) {
  const d = db();
  return {
    orders: await d.$count(orders, eq(orders.userId, userId)),
    owned: (await d.select().from(userItems).where(eq(userItems.userId, userId))).map(
      (r) => r.itemId,
    ),
    cart: (await d.select().from(cartItems).where(eq(cartItems.userId, userId))).map(
      (r) => r.itemId,
    ),
    points: await pointBalance(d, userId, new Date()),
    usedCoupons: await d.$count(
      receivedCoupons,
      and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.usedAt, receivedCoupons.usedAt)),
    ),
  };
}

describe("/api/cart", () => {
  it("sends visitors to the login page", async () => {
    const visitor = new Browser(t.app);
    const answer = await visitor.postJson("/api/cart");
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ result: false, error_url: "/login" });
  });

  it("groups by series with list and sale prices, totals, tax and add_point", async () => {
    const { browser } = await member();
    const a = freshItem();
    await browser.postJson("/api/cart_add", { items: [a, SALE_ITEM(1)] });
    const { body } = await browser.postJson<CartAnswer>("/api/cart");
    expect(body).toMatchObject({
      result: true,
      price: 660 + 770,
      discount: 385,
      price_already_only: 385,
      coupon_discount: 0,
      subtotal: 660 + 385,
      tax: 95, // floor(1045·10/110)
      amount: 1045,
      add_point: 10,
      need_update: false,
      duplicate: null,
      cart_in_item_types: [0],
      select_coupon: 0,
    });
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ series_id: 1, series_name: "恋と花嫁" });
    expect(body.items[0].items[0]).toMatchObject({ item_id: a, price: 660, before_price: null });
    expect(body.items[1].items[0]).toMatchObject({
      item_id: SALE_ITEM(1),
      list_price: 770,
      price: 385,
      before_price: 770,
    });
    expect(body.items[0].items[0].img).toMatch(/^\/media\/books\/\d+\/cover\.png(\?v=\d+)?$/);
  });

  it("chooses the best coupon by default, none with coupon 0, and the one asked for", async () => {
    const { browser, userId } = await member();
    await browser.postJson("/api/cart_add", { items: [freshItem(), freshItem()] });
    const small = await giveCoupon(db(), userId, { discountValue: 100 });
    const big = await giveCoupon(db(), userId, { discountType: 1, discountValue: 20 });
    const elsewhere = await giveCoupon(db(), userId, { couponType: 3 });
    const best = (await browser.postJson<CartAnswer>("/api/cart")).body;
    expect(best.select_coupon).toBe(big);
    expect(best.coupon_discount).toBe(264);
    expect(best.coupons.map((c: { coupon_id: number }) => c.coupon_id)).toEqual([big, small]);
    expect(best.coupons.map((c: { coupon_id: number }) => c.coupon_id)).not.toContain(elsewhere);
    expect((await browser.postJson<CartAnswer>("/api/cart", { coupon: 0 })).body).toMatchObject({
      select_coupon: 0,
      coupon_discount: 0,
    });
    expect((await browser.postJson<CartAnswer>("/api/cart", { coupon: small })).body).toMatchObject(
      {
        select_coupon: small,
        coupon_discount: 100,
        subtotal: 1220,
      },
    );
    expect((await browser.postJson<CartAnswer>("/api/cart", { coupon: "x" })).status).toBe(400);
  });

  it("offers a coupon the member could still receive (is_new_apply_coupon)", async () => {
    const { browser } = await member();
    await browser.postJson("/api/cart_add", { items: [freshItem()] });
    expect((await browser.postJson<CartAnswer>("/api/cart")).body.is_new_apply_coupon).toBe(false);
    await giveCoupon(db(), null, { couponType: 5, genreId: 2 });
    expect((await browser.postJson<CartAnswer>("/api/cart")).body.is_new_apply_coupon).toBe(true);
  });

  it("says need_update when a price changed since adding, and cart_update accepts it", async () => {
    const { browser, userId } = await member();
    const a = freshItem();
    await browser.postJson("/api/cart_add", { items: [a] });
    await db()
      .update(cartItems)
      .set({ seenPrice: 500 })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.itemId, a)));
    const before = (await browser.postJson<CartAnswer>("/api/cart")).body;
    expect(before.need_update).toBe(true);
    expect(before.items[0].items[0].changed).toBe(true);
    expect((await browser.postJson("/api/cart_update")).body.result).toBe(true);
    expect((await browser.postJson<CartAnswer>("/api/cart")).body.need_update).toBe(false);
  });

  it("removes items already owned with a message (duplicate)", async () => {
    const { browser, userId } = await member();
    const [a, b] = [freshItem(), freshItem()];
    await browser.postJson("/api/cart_add", { items: [a, b] });
    await db().insert(userItems).values({ userId, itemId: a, itemType: 0, source: "present" });
    const body = (await browser.postJson<CartAnswer>("/api/cart")).body;
    expect(body.duplicate).toEqual({
      item_ids: [a],
      message: "購入済みの作品をカートから削除しました",
    });
    expect(body.cart_count).toBe(1);
    expect((await state(userId)).cart).toEqual([b]);
  });
});

describe("/api/checkout", () => {
  it("refuses the placeholder and unknown payment types with a clear message", async () => {
    const { browser, userId } = await member();
    await browser.postJson("/api/cart_add", { items: [freshItem()] });
    for (const payment_type of [0, 77, undefined]) {
      const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
        payment_type,
        token: token(),
      });
      expect(answer.status, String(payment_type)).toBe(400);
      expect(answer.body.error_message).toBe("お支払い方法を選択してください");
    }
    expect((await state(userId)).orders).toBe(0);
    const visitor = new Browser(t.app);
    expect((await visitor.postJson("/api/checkout", { token: token() })).status).toBe(401);
  });

  it("buys the cart: order, items, payment, points spent and earned, coupon, ownership", async () => {
    const { browser, userId } = await member();
    const [a, b] = [freshItem(), SALE_ITEM(2)];
    await browser.postJson("/api/cart_add", { items: [a, b] });
    await givePoints(db(), userId, 300);
    const coupon = await giveCoupon(db(), userId, { discountValue: 45 });
    const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
      coupon,
      payment_type: 1,
      point: 200,
      token: token(),
      card: TEST_CARDS.succeeds,
      // Numbers from the browser are not read: the server prices from the database.
      amount: 1,
      price: 1,
    });
    expect(answer.body).toMatchObject({ result: true, status: "paid" });
    const orderId = answer.body.order_id as number;
    expect(answer.body.next_url).toBe(`/order_complete?order=${orderId}`);
    expect(answer.body.items.sort()).toEqual([a, b].sort());
    const [order] = await db().select().from(orders).where(eq(orders.orderId, orderId));
    expect(order).toMatchObject({
      status: "paid",
      price: 1430,
      discount: 385,
      couponDiscount: 45,
      subtotal: 1000,
      usedPoint: 200,
      amount: 800,
      tax: 90,
      addPoint: 8,
      paymentType: 1,
      couponId: coupon,
    });
    expect(await db().$count(orderItems, eq(orderItems.orderId, orderId))).toBe(2);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ amount: 800, status: "captured" });
    const after = await state(userId);
    expect(after.owned.sort()).toEqual([a, b].sort());
    expect(after.cart).toEqual([]);
    expect(after.points).toBe(300 - 200 + 8);
    const [held] = await db()
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.couponId, coupon)));
    expect(held!.orderId).toBe(orderId);
    const entries = await db().select().from(pointEntries).where(eq(pointEntries.orderId, orderId));
    expect(entries.map((e) => [e.reason, e.delta]).sort()).toEqual([
      ["purchase", 8],
      ["use", -200],
    ]);
  });

  it("gives the first order back for the same token, never a second one", async () => {
    const { browser, userId } = await member();
    await browser.postJson("/api/cart_add", { items: [freshItem()] });
    const body = { payment_type: 2, token: token() };
    const first = await browser.postJson<CheckoutResult>("/api/checkout", body);
    await browser.postJson("/api/cart_add", { items: [freshItem()] });
    const second = await browser.postJson<CheckoutResult>("/api/checkout", body);
    expect(second.body).toEqual(first.body);
    expect((await state(userId)).orders).toBe(1);
    const stranger = await member();
    expect((await stranger.browser.postJson<CheckoutResult>("/api/checkout", body)).status).toBe(
      409,
    );
  });

  it("twelve clicks with one token answer the one order, never an error (issue 21 item 8)", async () => {
    const { browser, userId } = await member();
    const a = freshItem();
    await browser.postJson("/api/cart_add", { items: [a] });
    const body = { payment_type: 2, token: token() };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => browser.postJson<CheckoutResult>("/api/checkout", body)),
    );
    expect(answers.map((r) => [r.status, r.body.error_message ?? ""])).toEqual(
      answers.map(() => [200, ""]),
    );
    const orderIds = new Set(answers.map((r) => r.body.order_id));
    expect(orderIds.size).toBe(1);
    for (const r of answers) {
      expect(r.body).toMatchObject({ status: "paid", items: [a] });
      expect(r.body.next_url).toBe(`/order_complete?order=${r.body.order_id}`);
    }
    expect(await state(userId)).toMatchObject({ orders: 1, owned: [a], cart: [] });
  });

  it("a declined card ends at /order_error with the reason and changes nothing", async () => {
    const { browser, userId } = await member();
    const a = freshItem();
    await browser.postJson("/api/cart_add", { items: [a] });
    await givePoints(db(), userId, 100);
    const coupon = await giveCoupon(db(), userId);
    const before = await state(userId);
    const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
      coupon,
      payment_type: 1,
      point: 100,
      token: token(),
      card: TEST_CARDS.declined,
    });
    expect(answer.body).toMatchObject({ result: true, status: "declined", order_id: null });
    expect(answer.body.reason).toContain("カードが承認されませんでした");
    expect(answer.body.next_url).toBe("/order_error?code=card_declined");
    expect(await state(userId)).toEqual(before);
    expect(before.cart).toEqual([a]);
  });

  it("queues the receipt mail with the paid order, and none for a declined card", async () => {
    const { browser, userId } = await member();
    const [user] = await db().select().from(users).where(eq(users.userId, userId));
    const receipts = () =>
      db().$count(
        outbox,
        and(eq(outbox.toAddress, user!.email!), eq(outbox.kind, "order_receipt")),
      );
    const a = freshItem();
    await browser.postJson("/api/cart_add", { items: [a] });
    const pay = (card: string) =>
      browser.postJson<CheckoutResult>("/api/checkout", { payment_type: 1, token: token(), card });
    expect((await pay(TEST_CARDS.declined)).body.status).toBe("declined");
    expect(await receipts()).toBe(0);
    const paid = await pay(TEST_CARDS.succeeds);
    expect(paid.body.status).toBe("paid");
    expect(await receipts()).toBe(1);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, user!.email!), eq(outbox.kind, "order_receipt")));
    expect(mail!.subject).toContain(`注文番号 ${paid.body.order_id}`);
  });

  it("a confirmation step leaves the order pending until confirmed, then buys", async () => {
    const { browser, userId } = await member();
    const a = freshItem();
    await browser.postJson("/api/cart_add", { items: [a] });
    await givePoints(db(), userId, 100);
    const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
      payment_type: 1,
      point: 60,
      token: token(),
      card: TEST_CARDS.requiresAction,
    });
    expect(answer.body.status).toBe("pending");
    const reference = new URL(answer.body.next_url, "http://x").searchParams.get("reference")!;
    expect(answer.body.next_url).toMatch(/^\/payment\/confirm\?reference=/);
    const pending = await state(userId);
    expect(pending).toMatchObject({ orders: 1, owned: [], cart: [a], points: 40 });
    const stranger = await member();
    expect((await stranger.browser.postJson("/api/checkout/confirm", { reference })).status).toBe(
      404,
    );
    const confirmed = await browser.postJson("/api/checkout/confirm", { reference });
    expect(confirmed.body).toMatchObject({ status: "paid", items: [a] });
    expect(await state(userId)).toMatchObject({ orders: 1, owned: [a], cart: [], points: 46 });
    // Confirming again or cancelling afterwards changes nothing.
    expect((await browser.postJson("/api/checkout/confirm", { reference })).body.status).toBe(
      "paid",
    );
    expect((await browser.postJson("/api/checkout/cancel", { reference })).body.status).toBe(
      "paid",
    );
  });

  it("cancelling at the confirmation step ends at /order_cancel with points and coupon back", async () => {
    const { browser, userId } = await member();
    const a = freshItem();
    await browser.postJson("/api/cart_add", { items: [a] });
    await givePoints(db(), userId, 100);
    const coupon = await giveCoupon(db(), userId);
    const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
      coupon,
      payment_type: 1,
      point: 100,
      token: token(),
      card: TEST_CARDS.requiresAction,
    });
    const reference = new URL(answer.body.next_url, "http://x").searchParams.get("reference")!;
    expect((await state(userId)).points).toBe(0);
    const cancelled = await browser.postJson("/api/checkout/cancel", { reference });
    expect(cancelled.body).toMatchObject({ status: "cancelled", next_url: "/order_cancel" });
    const after = await state(userId);
    expect(after).toMatchObject({ owned: [], cart: [a], points: 100 });
    const [held] = await db()
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.couponId, coupon)));
    expect(held!.usedAt).toBeNull();
  });

  it("buys one volume now from a series page without touching the rest of the cart", async () => {
    const { browser, userId } = await member();
    const [inCart, now] = [freshItem(), freshItem()];
    await browser.postJson("/api/cart_add", { items: [inCart] });
    const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: now,
      payment_type: 3,
      token: token(),
    });
    expect(answer.body).toMatchObject({ status: "paid", items: [now] });
    expect(await state(userId)).toMatchObject({ owned: [now], cart: [inCart] });
    const again = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: now,
      payment_type: 3,
      token: token(),
    });
    expect(again.status).toBe(409);
  });

  it("points paying everything need no payment type; points below 50 or above the balance are refused", async () => {
    const { browser, userId } = await member();
    const a = freshItem();
    await givePoints(db(), userId, 40);
    const few = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: a,
      payment_type: 1,
      point: 40,
      token: token(),
      card: TEST_CARDS.succeeds,
    });
    expect(few.status).toBe(409);
    expect(few.body.error_message).toContain("50ポイント以上");
    await givePoints(db(), userId, 1000);
    const tooMany = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: a,
      payment_type: 1,
      point: 5000,
      token: token(),
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error_message).toContain("ポイントが不足しています");
    const all = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: a,
      payment_type: 0,
      point: "all",
      token: token(),
    });
    expect(all.body.status).toBe("paid");
    const [order] = await db().select().from(orders).where(eq(orders.orderId, all.body.order_id!));
    expect(order).toMatchObject({ usedPoint: 660, amount: 0, addPoint: 0, paymentType: 90 });
    expect((await state(userId)).points).toBe(1040 - 660);
  });

  it("refuses a coupon that does not apply, is used or is below its minimum", async () => {
    const { browser, userId } = await member();
    const a = freshItem();
    const otherSeries = await giveCoupon(db(), userId, { couponType: 3 });
    const minimum = await giveCoupon(db(), userId, { minPrice: 1000 });
    const volumeOnly = await giveCoupon(db(), userId, { couponType: 4, itemIds: [a] });
    for (const [coupon, message] of [
      [otherSeries, "対象作品がありません"],
      [minimum, "最低金額"],
      [9999, "ご利用いただけません"],
    ] as const) {
      const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
        item: a,
        coupon,
        payment_type: 2,
        token: token(),
      });
      expect(answer.status, String(coupon)).toBe(409);
      expect(answer.body.error_message).toContain(message);
    }
    const used = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: a,
      coupon: volumeOnly,
      payment_type: 2,
      token: token(),
    });
    expect(used.body.status).toBe("paid");
    const again = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: freshItem(),
      coupon: volumeOnly,
      payment_type: 2,
      token: token(),
    });
    expect(again.status).toBe(409);
    expect(again.body.error_message).toContain("使用済み");
  });

  it("validates the token and the point field", async () => {
    const { browser } = await member();
    for (const body of [
      { payment_type: 1 },
      { payment_type: 1, token: "short" },
      { payment_type: 1, token: token(), point: -1 },
      { payment_type: 1, token: token(), point: "some" },
    ]) {
      const answer = await browser.postJson<CheckoutResult>("/api/checkout", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("gives up a confirmation step left for 30 minutes: cancelled, points back", async () => {
    const { userId } = await member();
    await givePoints(db(), userId, 100);
    const provider = sandboxProvider();
    const started = new Date(Date.now() - 31 * 60_000);
    const pending = await checkout(
      db(),
      provider,
      {
        userId,
        itemId: freshItem(),
        paymentType: 1,
        point: 100,
        token: token(),
        card: TEST_CARDS.requiresAction,
      },
      started,
    );
    expect(pending.status).toBe("pending");
    expect(
      await cancelAbandonedPayments(db(), provider, new Date(started.getTime() + 60_000)),
    ).toEqual([]);
    expect(await cancelAbandonedPayments(db(), provider)).toEqual([userId]);
    const [order] = await db().select().from(orders).where(eq(orders.orderId, pending.order_id!));
    expect(order!.status).toBe("cancelled");
    expect((await state(userId)).points).toBe(100);
  });
});

describe("what the shopper is told (issue 21)", () => {
  const referenceOf = (answer: CheckoutResult) =>
    new URL(answer.next_url, "http://x").searchParams.get("reference")!;

  /** A member whose purchase of one volume with a coupon and points waits at its confirmation step. */
  async function leftAtConfirmation(points: { held: number; spent: number }) {
    const { browser, userId } = await member();
    await givePoints(db(), userId, points.held);
    const coupon = await giveCoupon(db(), userId, { discountValue: 50 });
    const x = freshItem();
    const pending = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: x,
      coupon,
      payment_type: 1,
      point: points.spent,
      token: token(),
      card: TEST_CARDS.requiresAction,
    });
    expect(pending.body.status).toBe("pending");
    return { browser, userId, coupon, x, pending: pending.body };
  }

  async function couponState(userId: number, couponId: number) {
    const [held] = await db()
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.couponId, couponId)));
    return held!;
  }

  it("the receipt of a sale + coupon + points order lists what each line cost and adds up (item 13)", async () => {
    const { browser, userId } = await member();
    const [sale, plain] = [SALE_ITEM(3), freshItem()];
    await browser.postJson("/api/cart_add", { items: [sale, plain] });
    await givePoints(db(), userId, 100);
    const coupon = await giveCoupon(db(), userId, { discountValue: 150, name: "秋の150円引き" });
    const paid = await browser.postJson<CheckoutResult>("/api/checkout", {
      coupon,
      payment_type: 1,
      point: 60,
      token: token(),
      card: TEST_CARDS.succeeds,
    });
    expect(paid.body.status).toBe("paid");
    const [order] = await db().select().from(orders).where(eq(orders.orderId, paid.body.order_id!));
    const [user] = await db().select().from(users).where(eq(users.userId, userId));
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, user!.email!), eq(outbox.kind, "order_receipt")));
    const body = mail!.body;
    const yenOf = (pattern: RegExp) => {
      const found = pattern.exec(body);
      expect(found, String(pattern)).not.toBeNull();
      return Number(found![1]!.replaceAll(",", ""));
    };
    // Each line at what it cost: the sale volume at its sale price, with its list price.
    const lines = [...body.matchAll(/^・(.+?)　([\d,]+)円/gm)].map((m) => ({
      title: m[1],
      price: Number(m[2]!.replaceAll(",", "")),
    }));
    expect(lines).toEqual([
      { title: "月夜の契約 3", price: 385 },
      { title: `恋と花嫁 ${plain - 3000}`, price: 660 },
    ]);
    expect(body).toContain("・月夜の契約 3　385円（通常価格 770円）");
    const couponOff = yenOf(/^クーポン割引（秋の150円引き）：−([\d,]+)円$/m);
    const pointsOff = yenOf(/^ポイント利用：−([\d,]+)pt/m);
    const charged = yenOf(/^お支払い金額：([\d,]+)円$/m);
    const linesTotal = lines.reduce((sum, l) => sum + l.price, 0);
    expect(yenOf(/^商品合計：([\d,]+)円$/m)).toBe(linesTotal);
    expect(linesTotal - couponOff - pointsOff).toBe(charged);
    expect(charged).toBe(order!.amount);
    expect([couponOff, pointsOff, charged]).toEqual([150, 60, 385 + 660 - 150 - 60]);
    // The tax the goods contain, by the pricing rule; and how it was paid.
    expect(yenOf(/^小計：[\d,]+円（うち消費税 ([\d,]+)円）$/m)).toBe(
      taxContained(linesTotal - couponOff),
    );
    expect(body).toMatch(/^お支払い方法：クレジットカード$/m);
    expect(body).toMatch(/^獲得ポイント：8pt$/m);
  });

  it("an abandoned confirmation step does not make its coupon look used; the next checkout cancels it and gives back what it held (item 15)", async () => {
    const {
      browser,
      userId,
      coupon,
      pending: first,
    } = await leftAtConfirmation({
      held: 200,
      spent: 100,
    });
    const y = freshItem();
    // The member closes the confirmation page. The coupon is theirs to use, as every page says.
    const listed = await browser.postJson<CouponsAnswer>("/api/coupons");
    expect(listed.body.coupon.find((c) => c.coupon_id === coupon)).toMatchObject({
      used_flag: false,
      disabled: false,
    });
    const user = await browser.postJson<UserStatus>("/api/user");
    expect(user.body.enable_coupon).toContain(coupon);
    expect(user.body.used_coupon).not.toContain(coupon);
    const page = await checkoutPage(db(), userId, { item: y });
    expect(page.coupons.map((c) => c.coupon_id)).toContain(coupon);
    expect(page).toMatchObject({ point: 200, pending_order_id: first.order_id });

    const second = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: y,
      coupon,
      payment_type: 1,
      point: 200,
      token: token(),
      card: TEST_CARDS.succeeds,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: "paid", items: [y] });
    const [abandoned] = await db().select().from(orders).where(eq(orders.orderId, first.order_id!));
    expect(abandoned!.status).toBe("cancelled");
    expect(await couponState(userId, coupon)).toMatchObject({ orderId: second.body.order_id });
    // 100 held and given back, 200 spent on Y (660 − 50 − 200 = 410 charged, 4 earned).
    expect((await state(userId)).points).toBe(4);
    expect(await state(userId)).toMatchObject({ owned: [y] });
    // The abandoned step can no longer buy.
    const late = await browser.postJson<CheckoutResult>("/api/checkout/confirm", {
      reference: referenceOf(first),
    });
    expect(late.body.status).toBe("cancelled");
    expect((await state(userId)).owned).toEqual([y]);
  });

  it("a repeat of the pending order's own token answers it, never cancels it", async () => {
    const { browser, userId } = await member();
    const body = {
      item: freshItem(),
      payment_type: 1,
      token: token(),
      card: TEST_CARDS.requiresAction,
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => browser.postJson<CheckoutResult>("/api/checkout", body)),
    );
    expect(new Set(answers.map((a) => a.body.status))).toEqual(new Set(["pending"]));
    expect(new Set(answers.map((a) => a.body.next_url)).size).toBe(1);
    const confirmed = await browser.postJson<CheckoutResult>("/api/checkout/confirm", {
      reference: referenceOf(answers[0]!.body),
    });
    expect(confirmed.body.status).toBe("paid");
    expect((await state(userId)).orders).toBe(1);
  });

  it("a pending payment whose volume is bought meanwhile is cancelled at once, points and coupon back (item 16)", async () => {
    const { browser, userId, coupon, x, pending } = await leftAtConfirmation({
      held: 100,
      spent: 100,
    });
    // The same volume bought at once in another tab: the pending payment ends there and then.
    const bought = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: x,
      payment_type: 2,
      token: token(),
    });
    expect(bought.body).toMatchObject({ status: "paid", items: [x] });
    const [first] = await db().select().from(orders).where(eq(orders.orderId, pending.order_id!));
    expect(first!.status).toBe("cancelled");
    expect(await couponState(userId, coupon)).toMatchObject({ usedAt: null, orderId: null });
    expect((await state(userId)).points).toBe(100 + 6);
  });

  it("confirming a payment for a volume that came to the member meanwhile cancels it and says why (item 16)", async () => {
    const { browser, userId, coupon, x, pending } = await leftAtConfirmation({
      held: 100,
      spent: 100,
    });
    // A present of the same volume, received while the confirmation page was open.
    await db().insert(userItems).values({ userId, itemId: x, itemType: 0, source: "present" });
    const confirmed = await browser.postJson<CheckoutResult>("/api/checkout/confirm", {
      reference: referenceOf(pending),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: "cancelled",
      order_id: pending.order_id,
      next_url: "/order_error?code=already_owned",
    });
    expect(confirmed.body.reason).toContain("すでにお持ち");
    const [order] = await db().select().from(orders).where(eq(orders.orderId, pending.order_id!));
    expect(order!.status).toBe("cancelled");
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, pending.order_id!));
    expect(payment!.status).toBe("cancelled");
    expect(await couponState(userId, coupon)).toMatchObject({ usedAt: null });
    expect((await state(userId)).points).toBe(100);
  });

  it("今すぐ購入 refusals say what is wrong with that item, and an unknown id is a 404 (item 18)", async () => {
    const { browser } = await member();
    const past = new Date("2026-01-01T00:00:00Z");
    const kinds = [
      { volume: 201, flags: { freeFlag: true }, message: "無料でお読みいただけます" },
      { volume: 202, flags: { memberFreeFlag: true }, message: "会員の方は無料" },
      { volume: 203, flags: { onsaleFlag: false }, message: "現在販売しておりません" },
      {
        volume: 204,
        flags: { itemStartDate: new Date("2099-01-01T00:00:00Z") },
        message: "まだ発売されていません",
      },
    ];
    for (const k of kinds) {
      await db()
        .insert(books)
        .values({
          bookId: 1000 + k.volume,
          seriesId: 1,
          itemId: 3000 + k.volume,
          volume: k.volume,
          title: `恋と花嫁 ${k.volume}`,
          price: 600,
          priceInc: 660,
          itemStartDate: past,
          pageCount: 30,
          ...k.flags,
        });
      await db()
        .insert(items)
        .values({
          itemId: 3000 + k.volume,
          itemType: ITEM_TYPE_BOOK,
          bookId: 1000 + k.volume,
          price: 600,
          priceInc: 660,
        });
    }
    type Refusal = { error_url?: string };
    for (const k of kinds) {
      const answer = await browser.postJson<Refusal>("/api/checkout", {
        item: 3000 + k.volume,
        payment_type: 2,
        token: token(),
      });
      expect(answer.status, String(k.volume)).toBe(409);
      expect(answer.body.error_message).toContain(k.message);
      expect(answer.body.error_message).not.toContain("カート");
      expect(answer.body.error_url).toBe(`/series/1/book/${1000 + k.volume}`);
    }
    const unknown = await browser.postJson<Refusal>("/api/checkout", {
      item: 2147483647,
      payment_type: 2,
      token: token(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_message).toBe("お探しの作品が見つかりませんでした");
    expect(unknown.body.error_url).toBeUndefined();
  });

  it("a grant written by SQL with microsecond expiry is spent once and gives nothing back when it expires (item 19)", async () => {
    const { browser, userId } = await member();
    // now() + interval, as an operator writes it; PGlite's clock ticks in whole milliseconds,
    // so the microseconds are written out.
    await db().execute(sql`
      insert into point_entries (user_id, delta, reason, expires_at, description)
      values (${userId}, 100, 'campaign',
        date_trunc('milliseconds', now()) + interval '1 day 0.000456 seconds', 'SQLで付与')`);
    await givePoints(db(), userId, 1000);
    for (let i = 0; i < 2; i++) {
      const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
        item: freshItem(),
        payment_type: 2,
        point: 100,
        token: token(),
      });
      expect(answer.body.status).toBe("paid");
    }
    const lots = async () =>
      (
        await db().execute(sql`
          select coalesce(lot_id, point_entry_id) as lot, sum(delta)::int as left
          from point_entries where user_id = ${userId} group by 1`)
      ).rows as Array<{ left: number }>;
    for (const lot of await lots()) expect(lot.left).toBeGreaterThanOrEqual(0);
    // Spent: 200 of 1,100; earned 5 + 5 on the two 560-yen payments.
    const now = new Date();
    expect(await pointBalance(db(), userId, now)).toBe(910);
    const later = new Date(now.getTime() + 2 * 86_400_000);
    await runLedgerJobs(db(), later);
    expect(await pointBalance(db(), userId, later)).toBe(910);
    for (const lot of await lots()) expect(lot.left).toBeGreaterThanOrEqual(0);
  });
});

describe("the order's prices before tax add up (issue 22)", () => {
  const past = new Date("2026-01-01T00:00:00Z");

  /** A series of one volume (book and item id = 5000 + series id) at this list price. */
  async function oneVolume(seriesId: number, priceInc: number) {
    const d = db();
    const id = 5000 + seriesId;
    await d.insert(series).values({
      seriesId,
      name: `単巻${seriesId}`,
      nameKana: "タンカン",
      publisherId: 1,
      startDate: past,
    });
    const price = priceExTax(priceInc);
    await d.insert(books).values({
      bookId: id,
      seriesId,
      itemId: id,
      volume: 1,
      title: `単巻${seriesId} 1`,
      price,
      priceInc,
      itemStartDate: past,
      pageCount: 30,
    });
    await d
      .insert(items)
      .values({ itemId: id, itemType: ITEM_TYPE_BOOK, bookId: id, price, priceInc });
    return id;
  }

  async function buyAlone(itemId: number) {
    const { browser } = await member();
    const paid = await browser.postJson<CheckoutResult>("/api/checkout", {
      item: itemId,
      payment_type: 3,
      token: token(),
    });
    expect(paid.body.status).toBe("paid");
    const orderId = paid.body.order_id!;
    const [order] = await db().select().from(orders).where(eq(orders.orderId, orderId));
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    return { order: order!, line: line! };
  }

  it("a 528-yen volume at 30% off is charged 369 yen: 336 yen + 33 yen tax, never 335", async () => {
    const itemId = await oneVolume(3, 528);
    await db()
      .insert(campaigns)
      .values({
        campaignId: 30,
        name: "30%OFF",
        startAt: past,
        endAt: new Date("2099-01-01T00:00:00Z"),
      });
    await db().insert(campaignPolicies).values({ campaignId: 30, policyType: 101, salePct: 30 });
    await db().insert(campaignTargets).values({ campaignId: 30, seriesId: 3 });
    const { order, line } = await buyAlone(itemId);
    expect(order).toMatchObject({ subtotal: 369, amount: 369, tax: 33 });
    expect(line).toMatchObject({ priceInc: 369, price: 336, discount: 528 - 369 });
    expect(line.price + order.tax).toBe(order.amount);
  });

  it("a 523-yen volume is stored as 476 yen + 47 yen tax, which add up to what was charged", async () => {
    const { order, line } = await buyAlone(await oneVolume(4, 523));
    expect(order).toMatchObject({ subtotal: 523, amount: 523, tax: 47 });
    expect(line).toMatchObject({ priceInc: 523, price: 476 });
    expect(line.price + order.tax).toBe(order.amount);
  });
});
