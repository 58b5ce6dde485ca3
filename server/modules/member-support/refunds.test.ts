import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResult } from "../../../contract/checkout";
import type { MemberPageAnswer } from "../../../contract/ops-members";
import type { OrderHistoryAnswer } from "../../../contract/orders";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { auditLog } from "../audit/schema";
import { sandboxProvider, TEST_CARDS } from "../commerce/payments/provider";
import { orderItems, orderRefunds, orders, payments, receivedCoupons } from "../commerce/schema";
import { pointBalance } from "../commerce/service";
import { userItems } from "../library/schema";
import { outbox } from "../mail/schema";
import {
  createShop,
  giveCoupon,
  givePoints,
  SALE_ITEM,
  SERIES_ONE_ITEM,
  shopMember,
} from "../pricing/test-fixture";
import { newStaffAccount, signInToOps } from "../staff/test-fixture";
import { refundLine, refundOrder } from "./service";

/**
 * Refunding an order line from member support (issue 24, decision 0096): money back through the
 * payment provider, the line's points back, its earned points taken back, the volume off the
 * shelf, a mail, one audit row — once per line; the last line refunds the order and hands the
 * coupon back. A provider that refuses leaves nothing written.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
let support: { userId: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  await createShop(t.services.db);
  browsers.visitor = new Browser(t.app);
  await browsers.visitor.open();
  browsers.member = (await shopMember(t.app, t.services.db)).browser;
  for (const role of ["support", "editor", "admin"] as const) {
    browsers[role] = new Browser(t.app);
    const account = await newStaffAccount(t.services.db, role);
    if (role === "support") support = account;
    await signInToOps(browsers[role]!, account);
  }
});
afterAll(async () => {
  await t?.database.close();
});

let volume = 0;
const db = () => t.services.db;

/** A member who bought a full-price and a sale volume with 200 points and a 45-yen coupon. */
async function paidOrder() {
  const { browser, userId } = await shopMember(t.app, db());
  // Volume 2 of the sale series: 770 yen at 50% off (every member may buy it once).
  const [a, b] = [SERIES_ONE_ITEM(++volume), SALE_ITEM(2)];
  await browser.postJson("/api/cart_add", { items: [a, b] });
  await givePoints(db(), userId, 300);
  const coupon = await giveCoupon(db(), userId, { discountValue: 45 });
  const answer = await browser.postJson<CheckoutResult>("/api/checkout", {
    coupon,
    payment_type: 1,
    point: 200,
    token: `tok_${Math.random().toString(36).slice(2)}${Date.now()}`,
    card: TEST_CARDS.succeeds,
  });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: "paid" });
  const orderId = answer.body.order_id as number;
  const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const lineOf = (itemId: number) => lines.find((l) => l.itemId === itemId)!.orderItemId;
  const [row] = await db().select().from(users).where(eq(users.userId, userId));
  return {
    browser,
    userId,
    email: row!.email!,
    orderId,
    a,
    b,
    lineA: lineOf(a),
    lineB: lineOf(b),
    coupon,
  };
}

const wholePath = (userId: number, orderId: number) =>
  `/api/ops/members/${userId}/orders/${orderId}/refund`;

const refundPath = (userId: number, orderId: number, line: number) =>
  `/api/ops/members/${userId}/orders/${orderId}/lines/${line}/refund`;

describe("refunding an order line", () => {
  it("gives the line's money and points back, takes its earned points, and clears it from the shelf, once", async () => {
    const o = await paidOrder();
    expect(await pointBalance(db(), o.userId, new Date())).toBe(300 - 200 + 8);
    const audits = await db().$count(auditLog);

    const first = await browsers.support!.postJson(refundPath(o.userId, o.orderId, o.lineA), {
      reason: "重複購入のため",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      amount: 506,
      point: 126,
      earned_taken_back: 5,
      coupon_returned: false,
      order_refunded: false,
    });
    expect(await pointBalance(db(), o.userId, new Date())).toBe(108 + 126 - 5);
    const owned = await db().select().from(userItems).where(eq(userItems.userId, o.userId));
    expect(owned.map((r) => r.itemId)).toEqual([o.b]);
    const [refund] = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderItemId, o.lineA));
    expect(refund).toMatchObject({ amount: 506, point: 126, staffUserId: support.userId });
    expect(refund!.providerRef).toMatch(/^sbx_rf_/);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, o.email), eq(outbox.kind, "refund")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("返金額：506円");
    expect(await db().$count(auditLog)).toBe(audits + 1);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(o.orderId))));
    expect(audit).toMatchObject({ action: "refund", actorRole: "support" });
    expect(audit!.after).toMatchObject({ amount: 506, point: 126, reason: "重複購入のため" });

    const history = await o.browser.postJson<{
      history: Array<{ type: string; point: number; description: string }>;
    }>("/api/point_history", { pn: 1 });
    expect(history.body.history[0]).toMatchObject({ type: "cancel", point: 126 - 5 });

    // Once: the same line again is refused, and nothing moves.
    const again = await browsers.support!.postJson(refundPath(o.userId, o.orderId, o.lineA), {
      reason: "二重",
    });
    expect(again.status).toBe(409);
    expect(await pointBalance(db(), o.userId, new Date())).toBe(229);
    expect(await db().$count(auditLog)).toBe(audits + 1);

    const page = await browsers.support!.getJson<MemberPageAnswer>(`/api/ops/members/${o.userId}`);
    const lines = page.body.orders.find((x) => x.order_id === o.orderId)!.lines;
    expect(lines.find((l) => l.order_item_id === o.lineA)!.refund).toMatchObject({
      amount: 506,
      reason: "重複購入のため",
    });
    expect(lines.find((l) => l.order_item_id === o.lineB)!.refund).toBeNull();

    // The member's own history marks the line, stops offering it to read, and counts what stays paid.
    const own = await o.browser.postJson<OrderHistoryAnswer>("/api/order_history", {});
    const mine = own.body.order.find((x) => x.order_id === o.orderId)!;
    expect(mine.status).toBe("paid");
    expect(mine.items.map((i) => [i.item_id, i.refunded])).toEqual([
      [o.a, true],
      [o.b, false],
    ]);
    expect(mine.refunded_amount).toBe(506);
    expect(mine.refunded_point).toBe(126);
    expect(own.body.total).toBe(mine.amount - 506);
  });

  it("the last line refunds the order and its payment, and hands the coupon back", async () => {
    const o = await paidOrder();
    await browsers.support!.postJson(refundPath(o.userId, o.orderId, o.lineA), { reason: "返品" });
    const last = await browsers.support!.postJson(refundPath(o.userId, o.orderId, o.lineB), {
      reason: "返品",
    });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body).toMatchObject({
      amount: 294,
      point: 74,
      earned_taken_back: 3,
      coupon_returned: true,
      order_refunded: true,
    });
    // Everything the order took came back: 800 yen in two refunds, all 200 points, no earned ones.
    expect(await pointBalance(db(), o.userId, new Date())).toBe(300);
    const [order] = await db().select().from(orders).where(eq(orders.orderId, o.orderId));
    expect(order!.status).toBe("refunded");
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, o.orderId));
    expect(payment!.status).toBe("refunded");
    const [coupon] = await db()
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, o.userId), eq(receivedCoupons.couponId, o.coupon)));
    expect(coupon).toMatchObject({ usedAt: null, orderId: null });
    const refunded = await browsers.support!.postJson(refundPath(o.userId, o.orderId, o.lineA), {
      reason: "x",
    });
    expect(refunded.status).toBe(409);
  });

  it("a provider that refuses leaves nothing written", async () => {
    const o = await paidOrder();
    const refusing = {
      ...sandboxProvider(),
      refund: async () => ({ status: "failed" as const, message: "declined" }),
    };
    const staff = {
      userId: support.userId,
      email: support.email,
      nickname: null,
      role: "support" as const,
      sessionExpiresAt: new Date(Date.now() + 3_600_000),
    };
    const audits = await db().$count(auditLog);
    await expect(
      refundLine(db(), refusing, staff, {
        userId: o.userId,
        orderId: o.orderId,
        orderItemId: o.lineA,
        reason: "x",
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await db().$count(orderRefunds, eq(orderRefunds.orderId, o.orderId))).toBe(0);
    expect(await db().$count(auditLog)).toBe(audits);
    expect(await pointBalance(db(), o.userId, new Date())).toBe(108);
    expect(await db().$count(userItems, eq(userItems.userId, o.userId))).toBe(2);
  });

  it("is refused to visitors (401), members and editors (403), and checks its input", async () => {
    const o = await paidOrder();
    const path = refundPath(o.userId, o.orderId, o.lineA);
    expect((await browsers.visitor!.postJson(path, { reason: "x" })).status).toBe(401);
    expect((await browsers.member!.postJson(path, { reason: "x" })).status).toBe(403);
    expect((await browsers.editor!.postJson(path, { reason: "x" })).status).toBe(403);
    const noReason = await browsers.support!.postJson(path, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ error: { field: "reason" } });
    const badLine = await browsers.support!.postJson(
      `/api/ops/members/${o.userId}/orders/${o.orderId}/lines/abc/refund`,
      { reason: "x" },
    );
    expect(badLine.body).toMatchObject({ error: { field: "orderItemId" } });
    // Another member's order is not found under this member.
    const other = await paidOrder();
    const wrong = await browsers.support!.postJson(
      refundPath(o.userId, other.orderId, other.lineA),
      { reason: "x" },
    );
    expect(wrong.status).toBe(404);
    expect(await db().$count(orderRefunds, eq(orderRefunds.orderId, other.orderId))).toBe(0);
  });
});

describe("refunding a whole order (decision 0104)", () => {
  const staffOf = () => ({
    userId: support.userId,
    email: support.email,
    nickname: null,
    role: "support" as const,
    sessionExpiresAt: new Date(Date.now() + 3_600_000),
  });
  const refundMails = (email: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "refund")));

  it("gives back the money, points and coupon, takes the earned points and the shelf, in one mail, once", async () => {
    const o = await paidOrder();
    const audits = await db().$count(auditLog);
    const page = await browsers.support!.getJson<MemberPageAnswer>(`/api/ops/members/${o.userId}`);
    expect(page.body.orders.find((x) => x.order_id === o.orderId)!.left_to_refund).toEqual({
      lines: 2,
      amount: 800,
      point: 200,
    });

    const done = await browsers.support!.postJson(wholePath(o.userId, o.orderId), {
      reason: "誤購入のお申し出",
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The same sums as refunding its two lines one by one (506 + 294, 126 + 74, 5 + 3).
    expect(done.body).toMatchObject({
      amount: 800,
      point: 200,
      earned_taken_back: 8,
      coupon_returned: true,
      order_refunded: true,
    });
    expect((done.body.lines as Array<{ amount: number }>).map((l) => l.amount).sort()).toEqual([
      294, 506,
    ]);
    expect(await pointBalance(db(), o.userId, new Date())).toBe(300);
    expect(await db().$count(userItems, eq(userItems.userId, o.userId))).toBe(0);
    const rows = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, o.orderId));
    expect(rows).toHaveLength(2);
    // One provider refund for both lines: both rows carry its reference.
    expect(new Set(rows.map((r) => r.providerRef)).size).toBe(1);
    expect(rows[0]!.providerRef).toMatch(/^sbx_rf_refund-order-/);
    const [order] = await db().select().from(orders).where(eq(orders.orderId, o.orderId));
    expect(order!.status).toBe("refunded");
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, o.orderId));
    expect(payment!.status).toBe("refunded");
    const [coupon] = await db()
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, o.userId), eq(receivedCoupons.couponId, o.coupon)));
    expect(coupon).toMatchObject({ usedAt: null, orderId: null });

    const mails = await refundMails(o.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("ご注文を返金いたしました。");
    expect(mails[0]!.body).toContain("返金額：800円");
    expect(mails[0]!.body).toContain("返還ポイント：200pt");
    expect(mails[0]!.body.match(/^・/gm)).toHaveLength(2);
    expect(await db().$count(auditLog)).toBe(audits + 1);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(o.orderId))));
    expect(audit).toMatchObject({ action: "refund_order", actorRole: "support" });
    expect(audit!.after).toMatchObject({ amount: 800, point: 200, reason: "誤購入のお申し出" });

    // The member's own order history shows it refunded, and no longer counts it as paid.
    const history = await o.browser.postJson<{
      total: number;
      order: Array<{ order_id: number; status: string }>;
    }>("/api/order_history", {});
    expect(history.body.order.find((x) => x.order_id === o.orderId)!.status).toBe("refunded");
    expect(history.body.total).toBe(0);

    // Once: a second request (or a double click's second post) is refused and moves nothing.
    const again = await browsers.support!.postJson(wholePath(o.userId, o.orderId), {
      reason: "二重",
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_message: "この注文はすべて返金済みです" });
    expect(await pointBalance(db(), o.userId, new Date())).toBe(300);
    expect(await refundMails(o.email)).toHaveLength(1);
    expect(await db().$count(auditLog)).toBe(audits + 1);
    const after = await browsers.support!.getJson<MemberPageAnswer>(`/api/ops/members/${o.userId}`);
    expect(after.body.orders.find((x) => x.order_id === o.orderId)!.left_to_refund.lines).toBe(0);
  });

  it("after a line refund, refunds only the lines left, and their shares add up to the order", async () => {
    const o = await paidOrder();
    await browsers.support!.postJson(refundPath(o.userId, o.orderId, o.lineA), { reason: "返品" });
    const page = await browsers.support!.getJson<MemberPageAnswer>(`/api/ops/members/${o.userId}`);
    expect(page.body.orders.find((x) => x.order_id === o.orderId)!.left_to_refund).toEqual({
      lines: 1,
      amount: 294,
      point: 74,
    });
    const rest = await browsers.support!.postJson(wholePath(o.userId, o.orderId), {
      reason: "残りも返金",
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toMatchObject({
      amount: 294,
      point: 74,
      earned_taken_back: 3,
      coupon_returned: true,
      order_refunded: true,
    });
    expect(await pointBalance(db(), o.userId, new Date())).toBe(300);
    // The refunded line's key stays its own; the rest is one line, so it keeps the line's key.
    const rows = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, o.orderId));
    expect(rows.map((r) => r.providerRef).sort()).toEqual(
      [`sbx_rf_refund-line-${o.lineA}`, `sbx_rf_refund-line-${o.lineB}`].sort(),
    );
  });

  it("keeps a coupon that is past its dates used", async () => {
    const o = await paidOrder();
    await db()
      .update(receivedCoupons)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(receivedCoupons.userId, o.userId), eq(receivedCoupons.couponId, o.coupon)));
    const done = await refundOrder(db(), sandboxProvider(), staffOf(), {
      userId: o.userId,
      orderId: o.orderId,
      reason: "期限切れクーポン",
    });
    expect(done).toMatchObject({ amount: 800, coupon_returned: false, order_refunded: true });
    const [coupon] = await db()
      .select()
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, o.userId), eq(receivedCoupons.couponId, o.coupon)));
    expect(coupon!.orderId).toBe(o.orderId);
    expect(coupon!.usedAt).not.toBeNull();
    const [mail] = await refundMails(o.email);
    expect(mail!.body).not.toContain("クーポン");
  });

  it("two at once: one refunds, the other is refused and moves nothing", async () => {
    const o = await paidOrder();
    let calls = 0;
    const provider = {
      ...sandboxProvider(),
      async refund(request: { reference: string; amount: number; idempotencyKey: string }) {
        calls += 1;
        // Let the other request reach the order's lock while this one holds it.
        await new Promise((r) => setTimeout(r, 50));
        return sandboxProvider().refund(request);
      },
    };
    const input = { userId: o.userId, orderId: o.orderId, reason: "同時" };
    const outcomes = await Promise.allSettled([
      refundOrder(db(), provider, staffOf(), input),
      refundOrder(db(), provider, staffOf(), input),
    ]);
    expect(outcomes.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((x) => x.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(calls).toBe(1);
    expect(await db().$count(orderRefunds, eq(orderRefunds.orderId, o.orderId))).toBe(2);
    expect(await pointBalance(db(), o.userId, new Date())).toBe(300);
    expect(await refundMails(o.email)).toHaveLength(1);
  });

  it("a provider that refuses leaves nothing written", async () => {
    const o = await paidOrder();
    const refusing = {
      ...sandboxProvider(),
      refund: async () => ({ status: "failed" as const, message: "declined" }),
    };
    const audits = await db().$count(auditLog);
    await expect(
      refundOrder(db(), refusing, staffOf(), { userId: o.userId, orderId: o.orderId, reason: "x" }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await db().$count(orderRefunds, eq(orderRefunds.orderId, o.orderId))).toBe(0);
    expect(await db().$count(auditLog)).toBe(audits);
    expect(await pointBalance(db(), o.userId, new Date())).toBe(108);
    expect(await db().$count(userItems, eq(userItems.userId, o.userId))).toBe(2);
  });

  it("is support's and admin's: visitors 401, members and editors 403, and checks its input", async () => {
    const o = await paidOrder();
    const path = wholePath(o.userId, o.orderId);
    expect((await browsers.visitor!.postJson(path, { reason: "x" })).status).toBe(401);
    expect((await browsers.member!.postJson(path, { reason: "x" })).status).toBe(403);
    expect((await browsers.editor!.postJson(path, { reason: "x" })).status).toBe(403);
    expect(await db().$count(orderRefunds, eq(orderRefunds.orderId, o.orderId))).toBe(0);
    const noReason = await browsers.support!.postJson(path, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ error: { field: "reason" } });
    const badOrder = await browsers.support!.postJson(
      `/api/ops/members/${o.userId}/orders/x/refund`,
      {
        reason: "x",
      },
    );
    expect(badOrder.status).toBe(400);
    expect(badOrder.body).toMatchObject({ error: { field: "orderId" } });
    const other = await paidOrder();
    const wrong = await browsers.support!.postJson(wholePath(o.userId, other.orderId), {
      reason: "x",
    });
    expect(wrong.status).toBe(404);
    expect(await db().$count(orderRefunds, eq(orderRefunds.orderId, other.orderId))).toBe(0);
    expect((await browsers.support!.postJson(path, { reason: "x" })).status).toBe(200);
    expect(
      (await browsers.admin!.postJson(wholePath(other.userId, other.orderId), { reason: "x" }))
        .status,
    ).toBe(200);
  });
});
