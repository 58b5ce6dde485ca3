import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { ITEM_TYPE_BOOK, publishers, series } from "../catalog/schema";
import { insertVolumes } from "../catalog/test-fixture";
import { userItems } from "../library/schema";
import { cartItems } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
const past = new Date("2026-01-01T00:00:00Z");

// Items 2001–2003 paid and on sale, 2004 free, 2005 not on sale.
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
  const rows = [1, 2, 3, 4, 5].map((v) => ({
    bookId: 100 + v,
    seriesId: 1,
    itemId: 2000 + v,
    volume: v,
    title: `恋と花嫁 ${v}`,
    price: v === 4 ? 0 : 600,
    priceInc: v === 4 ? 0 : 660,
    onsaleFlag: v !== 5,
    itemStartDate: past,
    pageCount: 30,
  }));
  await insertVolumes(db, rows);
});
afterAll(async () => {
  await t?.database.close();
});

async function member() {
  const browser = new Browser(t.app);
  const email = `cart-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

describe("the cart calls", () => {
  it("adds paid items once, however often the button is pressed, and counts them", async () => {
    const { browser, userId } = await member();
    const [a, b] = await Promise.all([
      browser.postJson("/api/cart_add", { items: [2001, 2002] }),
      browser.postJson("/api/cart_add", { items: [2001, 2002] }),
    ]);
    expect(a.body.result && b.body.result).toBe(true);
    expect(await t.services.db.$count(cartItems, eq(cartItems.userId, userId))).toBe(2);
    expect((await browser.postJson("/api/cart_count")).body).toMatchObject({
      cart_count: 2,
      cart_price: 1320,
    });
    expect((await browser.postJson("/api/user")).body).toMatchObject({
      cart_count: 2,
      cart_price: 1320,
    });
  });

  it("answers false and changes nothing for an empty list", async () => {
    const { browser, userId } = await member();
    expect((await browser.postJson("/api/cart_add", { items: [] })).body.result).toBe(false);
    expect(await t.services.db.$count(cartItems, eq(cartItems.userId, userId))).toBe(0);
  });

  it("refuses free, not-on-sale, owned and unknown items with a message", async () => {
    const { browser, userId } = await member();
    await t.services.db
      .insert(userItems)
      .values({ userId, itemId: 2003, itemType: ITEM_TYPE_BOOK, bookId: 103, source: "purchase" });
    for (const [item, status] of [
      [2004, 409],
      [2005, 409],
      [2003, 409],
      [9999, 404],
    ] as const) {
      const answer = await browser.postJson("/api/cart_add", { items: [item] });
      expect(answer.status, String(item)).toBe(status);
      expect(answer.body.error_message).toBeTruthy();
    }
    expect(await t.services.db.$count(cartItems, eq(cartItems.userId, userId))).toBe(0);
  });

  it("removes and clears", async () => {
    const { browser } = await member();
    await browser.postJson("/api/cart_add", { items: [2001, 2002] });
    expect((await browser.postJson("/api/cart_remove", { items: [2001] })).body).toMatchObject({
      cart_count: 1,
    });
    expect((await browser.postJson("/api/cart_clear")).body).toMatchObject({ cart_count: 0 });
  });

  it("sends visitors to login and validates the list", async () => {
    const visitor = new Browser(t.app);
    expect((await visitor.postJson("/api/cart_add", { items: [2001] })).body).toMatchObject({
      result: false,
      error_url: "/login",
    });
    const { browser } = await member();
    const bad = await browser.postJson("/api/cart_add", { items: ["x"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toContain("items");
  });
});
