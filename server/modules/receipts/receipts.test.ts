import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResult } from "../../../contract/checkout";
import type { OrderHistoryAnswer } from "../../../contract/orders";
import type { ReceiptView } from "../../../contract/receipts";
import { createTestApp } from "../../http/test-client";
import { TEST_CARDS } from "../commerce/payments/provider";
import { orders } from "../commerce/schema";
import { outbox } from "../mail/schema";
import {
  createShop,
  giveCoupon,
  givePoints,
  SALE_ITEM,
  SERIES_ONE_ITEM,
  shopMember,
} from "../pricing/test-fixture";
import { receiptPdf } from "./pdf";
import { receipts } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  await createShop(t.services.db);
}, 240_000);
afterAll(async () => {
  await t?.database.close();
});

const token = () => `tok_${Math.random().toString(36).slice(2)}${Date.now()}`;

/** A member who bought two volumes at list price and one on a 50 % sale, with a coupon and points. */
async function buyerWithCouponAndPoints() {
  const db = t.services.db;
  const { browser, userId } = await shopMember(t.app, db);
  const coupon = await giveCoupon(db, userId, {
    discountType: 1,
    discountValue: 10,
    name: "10%OFFクーポン",
  });
  await givePoints(db, userId, 300);
  await browser.postJson("/api/cart_add", {
    items: [SERIES_ONE_ITEM(1), SERIES_ONE_ITEM(2), SALE_ITEM(1)],
  });
  const bought = await browser.postJson<CheckoutResult>("/api/checkout", {
    coupon,
    point: 300,
    payment_type: 1,
    card: TEST_CARDS.succeeds,
    token: token(),
  });
  expect(bought.body).toMatchObject({ result: true, status: "paid" });
  return { browser, userId, orderId: bought.body.order_id as number };
}

const issue = (browser: Awaited<ReturnType<typeof shopMember>>["browser"], body: object) =>
  browser.postJson<{ receipt: ReceiptView }>("/api/receipt", body);

describe("the receipt of an order (適格請求書)", () => {
  it("adds up for an order with a coupon and points, agreeing with the order history", async () => {
    const { browser, orderId } = await buyerWithCouponAndPoints();
    const issued = await issue(browser, {
      order: orderId,
      addressee: "株式会社テスト 経理部",
      honorific: "御中",
    });
    expect(issued.status).toBe(200);
    const r = issued.body.receipt;
    expect(r).toMatchObject({
      order_id: orderId,
      addressee: "株式会社テスト 経理部 御中",
      reissued: false,
      copy: 1,
      seller_name: "株式会社コマヤ",
      registration_number: t.services.env.INVOICE_REGISTRATION_NUMBER,
    });
    expect(r.registration_number).toMatch(/^T\d{13}$/);
    // 660 + 660 + 385 = 1705; 10 % coupon 170; 1535 at 10 %, tax floor(1535·10/110) = 139; 300 pt.
    expect(r.lines.map((l) => l.price)).toEqual([660, 660, 385]);
    expect(r.goods_total).toBe(r.lines.reduce((s, l) => s + l.price, 0));
    expect(r.coupon_discount).toBe(170);
    expect(r.rates).toEqual([{ rate: 10, total: 1535, tax: 139 }]);
    expect(r.total).toBe(r.goods_total - r.coupon_discount);
    expect(r.used_point).toBe(300);
    expect(r.amount).toBe(r.total - r.used_point);

    // The same figures as the order row and the order history.
    const [order] = await t.services.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(order).toMatchObject({
      couponDiscount: r.coupon_discount,
      subtotal: r.total,
      tax: r.tax,
      usedPoint: r.used_point,
      amount: r.amount,
    });
    const history = await browser.postJson<OrderHistoryAnswer>("/api/order_history", {});
    const listed = history.body.order.find((o) => o.order_id === orderId)!;
    expect(listed).toMatchObject({
      coupon_discount: r.coupon_discount,
      subtotal: r.total,
      tax: r.tax,
      used_point: r.used_point,
      amount: r.amount,
    });
  });

  it("names the receipt page in the purchase mail", async () => {
    const { orderId } = await buyerWithCouponAndPoints();
    const mails = await t.services.db.select().from(outbox).where(eq(outbox.kind, "order_receipt"));
    const mail = mails.find((m) => m.subject.includes(`注文番号 ${orderId}`))!;
    expect(mail.body).toContain(`${t.services.env.PUBLIC_URL}/receipt?order=${orderId}`);
  });

  it("keeps the first 宛名, marks later copies 再発行, and refuses another 宛名", async () => {
    const { browser, orderId } = await buyerWithCouponAndPoints();
    const body = { order: orderId, addressee: "山田 太郎", honorific: "様" };
    expect((await issue(browser, body)).body.receipt).toMatchObject({ copy: 1, reissued: false });
    // The same 宛名 again (a double click): the copy already issued, no new one.
    expect((await issue(browser, body)).body.receipt).toMatchObject({ copy: 1, reissued: false });

    const changed = await issue(browser, { ...body, addressee: "別の 名前" });
    expect(changed.status).toBe(409);
    expect(changed.body.error_message).toContain("宛名は発行後に変更できません");

    // The PDF of the copy on screen is that copy; any later one is a new copy, 再発行.
    const same = await browser.fetch(`/receipt.pdf?order=${orderId}&copy=1`);
    expect(same.status).toBe(200);
    expect(same.headers.get("content-disposition")).not.toContain(encodeURIComponent("再発行"));
    const later = await browser.fetch(`/receipt.pdf?order=${orderId}`);
    expect(later.status).toBe(200);
    expect(later.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent(`領収書_${orderId}_再発行.pdf`)}`,
    );
    const [row] = await t.services.db.select().from(receipts).where(eq(receipts.orderId, orderId));
    expect(row).toMatchObject({ addressee: "山田 太郎", honorific: "様", reissueCount: 1 });
  });

  it("refuses a bad 宛名 with 400 and stores nothing", async () => {
    const { browser, orderId } = await buyerWithCouponAndPoints();
    for (const addressee of ["", "   ", "あ".repeat(41), "改行\nあり", "制御\u0007文字"]) {
      const answer = await issue(browser, { order: orderId, addressee, honorific: "様" });
      expect(answer.status, JSON.stringify(addressee)).toBe(400);
      expect(answer.body.result).toBe(false);
    }
    const wrongHonorific = await issue(browser, {
      order: orderId,
      addressee: "山田",
      honorific: "殿",
    });
    expect(wrongHonorific.status).toBe(400);
    const stored = await t.services.db.select().from(receipts).where(eq(receipts.orderId, orderId));
    expect(stored).toEqual([]);
    // Nothing issued: there is no PDF to print yet.
    expect((await browser.fetch(`/receipt.pdf?order=${orderId}`)).status).toBe(404);
  });

  it("shows an order's receipt to its owner only: anyone else gets 404, a visitor 401", async () => {
    const { browser, orderId } = await buyerWithCouponAndPoints();
    await issue(browser, { order: orderId, addressee: "山田 太郎", honorific: "様" });
    const other = await shopMember(t.app, t.services.db);
    const stranger = await issue(other.browser, {
      order: orderId,
      addressee: "他人",
      honorific: "様",
    });
    expect(stranger.status).toBe(404);
    expect((await other.browser.fetch(`/receipt.pdf?order=${orderId}`)).status).toBe(404);
    const [row] = await t.services.db.select().from(receipts).where(eq(receipts.orderId, orderId));
    expect(row).toMatchObject({ addressee: "山田 太郎", reissueCount: 0 });

    const visitor = await t.app.request(`http://localhost/receipt.pdf?order=${orderId}`);
    expect(visitor.status).toBe(401);
  });

  it("issues none for an unpaid order, nor a new one for a wholly refunded order", async () => {
    const { browser, userId, orderId } = await buyerWithCouponAndPoints();
    const db = t.services.db;
    await db.update(orders).set({ status: "refunded" }).where(eq(orders.orderId, orderId));
    const refused = await issue(browser, { order: orderId, addressee: "山田", honorific: "様" });
    expect(refused.status).toBe(409);
    expect(refused.body.error_message).toContain("返金済み");

    const second = await buyerWithCouponAndPoints();
    await issue(second.browser, { order: second.orderId, addressee: "山田", honorific: "様" });
    await db.update(orders).set({ status: "refunded" }).where(eq(orders.orderId, second.orderId));
    const kept = await issue(second.browser, {
      order: second.orderId,
      addressee: "山田",
      honorific: "様",
    });
    expect(kept.body.receipt).toMatchObject({ fully_refunded: true });

    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.orderId, orderId));
    expect(userId).toBeGreaterThan(0);
    const cancelled = await issue(browser, { order: orderId, addressee: "山田", honorific: "様" });
    expect(cancelled.status).toBe(404);
  });

  it("prints a PDF that embeds Noto Sans JP and carries the registration number", async () => {
    const { browser, orderId } = await buyerWithCouponAndPoints();
    const { receipt } = (
      await issue(browser, { order: orderId, addressee: "山田 太郎", honorific: "様" })
    ).body;
    const served = await browser.fetch(`/receipt.pdf?order=${orderId}&copy=${receipt.copy}`);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");

    const plain = (await receiptPdf(receipt, { compress: false })).toString("latin1");
    expect(plain).toContain(`(${receipt.registration_number}`);
    expect(plain).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansJP/);
    expect(plain).toContain(`amount ${receipt.amount}`);
  });
});
