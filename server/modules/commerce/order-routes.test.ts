import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { genres, ITEM_TYPE_BOOK, publishers, series, seriesGenres } from "../catalog/schema";
import { insertVolumes } from "../catalog/test-fixture";
import { userItems } from "../library/schema";
import { taxContained } from "../pricing/rules";
import { orderItems, orders, paymentMethods } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
const past = new Date("2026-01-01T00:00:00Z");

// Series 1 has volumes 1–4 (items 3001–3004) at 660 yen, genre 2.
beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values({
    seriesId: 1,
    name: "恋と花嫁",
    nameKana: "コイトハナヨメ",
    publisherId: 1,
    startDate: past,
  });
  await db.insert(genres).values({ genreId: 2, name: "少女・女性" });
  await db.insert(seriesGenres).values({ seriesId: 1, genreId: 2 });
  const rows = [1, 2, 3, 4].map((v) => ({
    bookId: 200 + v,
    seriesId: 1,
    itemId: 3000 + v,
    volume: v,
    title: `恋と花嫁 ${v}`,
    price: 600,
    priceInc: 660,
    itemStartDate: past,
    pageCount: 30,
  }));
  await insertVolumes(db, rows);
  await db
    .insert(paymentMethods)
    .values({ paymentType: 1, name: "クレジットカード", sortOrder: 1 })
    .onConflictDoNothing();
});
afterAll(async () => {
  await t?.database.close();
});

async function member() {
  const browser = new Browser(t.app);
  const email = `orders-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

/** An order of volumes (by volume number) at `at`, paid by card with points and a coupon as given. */
async function placeOrder(
  userId: number,
  at: string,
  volumes: number[],
  opts: { usedPoint?: number; status?: "paid" | "cancelled" } = {},
) {
  const price = volumes.length * 660;
  const usedPoint = opts.usedPoint ?? 0;
  const [order] = await t.services.db
    .insert(orders)
    .values({
      userId,
      status: opts.status ?? "paid",
      price,
      subtotal: price,
      usedPoint,
      tax: taxContained(price),
      amount: price - usedPoint,
      addPoint: 6,
      paymentType: 1,
      idempotencyKey: `k-${userId}-${at}-${volumes.join()}`,
      createdAt: new Date(at),
    })
    .returning();
  await t.services.db.insert(orderItems).values(
    volumes.map((v) => ({
      orderId: order!.orderId,
      itemId: 3000 + v,
      itemType: ITEM_TYPE_BOOK,
      seriesId: 1,
      bookId: 200 + v,
      name: `恋と花嫁 ${v}巻`,
      price: 600,
      priceInc: 660,
      createdAt: new Date(at),
    })),
  );
  await t.services.db
    .insert(userItems)
    .values(
      volumes.map((v) => ({
        userId,
        itemId: 3000 + v,
        itemType: ITEM_TYPE_BOOK,
        seriesId: 1,
        bookId: 200 + v,
        source: "purchase" as const,
        orderId: order!.orderId,
      })),
    )
    .onConflictDoNothing();
  return order!.orderId;
}

describe("order history", () => {
  it("lists the months bought in, newest first, and a month's orders by Tokyo time", async () => {
    const { browser, userId } = await member();
    await placeOrder(userId, "2026-09-10T03:00:00Z", [1]);
    // 2026-10-31 23:30 UTC is 1 November in Tokyo: it belongs to November.
    const late = await placeOrder(userId, "2026-10-31T15:30:00Z", [2], { usedPoint: 100 });
    const cancelled = await placeOrder(userId, "2026-11-05T03:00:00Z", [3], {
      status: "cancelled",
    });

    const newest = await browser.postJson("/api/order_history", {});
    expect(newest.status).toBe(200);
    expect(newest.body).toMatchObject({
      result: true,
      target: "202611",
      target_text: "2026年11月",
      month: [
        { month: "202611", text: "2026年11月" },
        { month: "202609", text: "2026年9月" },
      ],
    });
    const list = newest.body.order as Array<Record<string, unknown>>;
    expect(list.map((o) => o.order_id)).toEqual([cancelled, late]);
    // A cancelled order is listed but not counted in what was paid.
    expect(newest.body.total).toBe(560);
    expect(list[1]).toMatchObject({
      order_date: "2026-11-01 00:30:00",
      used_point: 100,
      amount: 560,
      tax: 60,
      payment_name: "クレジットカード",
      item_count: 1,
      items: [
        {
          item_id: 3002,
          name: "恋と花嫁 2巻",
          url: "/series/1/book/202",
          read_url: "/viewer/speed.html?cid=202&series=1",
          price_inc: 660,
        },
      ],
    });

    const september = await browser.postJson("/api/order_history", { month: "202609" });
    expect(september.body).toMatchObject({ target: "202609", total: 660 });
    expect(september.body.order as unknown[]).toHaveLength(1);
  });

  it("answers an empty history for a member who never bought", async () => {
    const { browser } = await member();
    const answer = await browser.postJson("/api/order_history", { month: "202601" });
    expect(answer.body).toMatchObject({ result: true, total: 0, month: [], order: [] });
  });

  it("refuses a month not written like 202611, naming the field", async () => {
    const { browser } = await member();
    for (const month of ["2026-11", "202613", 202611, "20261"]) {
      const answer = await browser.postJson("/api/order_history", { month });
      expect(answer.status).toBe(400);
      expect(answer.body.error_message).toContain("month");
    }
  });

  it("sends visitors to log in", async () => {
    const visitor = new Browser(t.app);
    const answer = await visitor.postJson("/api/order_history", {});
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ result: false, error_url: expect.any(String) });
  });
});

describe("order detail", () => {
  it("shows the owner the order, its genres and the rest of the series to buy", async () => {
    const { browser, userId } = await member();
    const orderId = await placeOrder(userId, "2026-11-10T03:00:00Z", [1, 2]);
    await browser.postJson("/api/cart_add", { items: [3003] });
    const answer = await browser.postJson("/api/order_detail", { order: orderId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      result: true,
      order: { order_id: orderId, price: 1320, item_count: 2 },
      genre: [{ genre_id: 2, name: "少女・女性" }],
      // Volumes 1–2 are owned and 3 is in the cart: volume 4 is what is left to buy.
      bundle: { item_ids: [3004], count: 1, price_inc: 660 },
      bundle_child: { "1": [3004] },
    });
    expect((answer.body.items as Array<{ item_id: number }>).map((i) => i.item_id)).toEqual([
      3001, 3002,
    ]);
  });

  it("answers 404 for another member's order, exactly as for one that does not exist", async () => {
    const owner = await member();
    const other = await member();
    const orderId = await placeOrder(owner.userId, "2026-11-10T03:00:00Z", [1]);
    const theirs = await other.browser.postJson("/api/order_detail", { order: orderId });
    const missing = await other.browser.postJson("/api/order_detail", { order: 999_999 });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(JSON.stringify(theirs.body)).not.toContain("恋と花嫁");
  });

  it("refuses an order id that is not a row id", async () => {
    const { browser } = await member();
    for (const order of [0, -1, "abc", 2 ** 31]) {
      const answer = await browser.postJson("/api/order_detail", { order });
      expect(answer.status).toBe(400);
      expect(answer.body.error_message).toContain("order");
    }
  });
});
