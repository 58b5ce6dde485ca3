import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_MESSAGES, MAX_SAVED_CARDS, type SavedCard } from "../../../contract/card-rules";
import { Browser, createTestApp } from "../../http/test-client";
import { userItems } from "../library/schema";
import { createShop, SERIES_ONE_ITEM, shopMember } from "../pricing/test-fixture";
import { orders, paymentCards, payments } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  await createShop(t.services.db);
}, 240_000);
afterAll(async () => {
  await t?.database.close();
});

const requestId = () => randomBytes(12).toString("base64url");
const VISA = { number: "4242 4242 4242 4242", exp: "12/34", cvc: "123", name: "TARO KOMAYA" };
const member = () => shopMember(t.app, t.services.db);

async function addCard(browser: Browser, card: Record<string, unknown> = VISA) {
  return browser.postJson<{ status: string; reason?: string; card?: SavedCard }>(
    "/api/payment_cards",
    { request_id: requestId(), ...card },
  );
}

async function cardsOf(browser: Browser) {
  return (await browser.getJson<{ cards: SavedCard[] }>("/api/payment_cards")).body.cards;
}

/** Every row of every table of the store, as text. */
async function everyRow(): Promise<string> {
  const tables = await t.services.db.execute(sql`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
    from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  const texts: string[] = [];
  for (const { name } of tables.rows as Array<{ name: string }>) {
    const rows = await t.services.db.execute(sql.raw(`select t::text as row from ${name} t`));
    for (const r of rows.rows as Array<{ row: string }>) texts.push(r.row);
  }
  return texts.join("\n");
}

function oneTap(browser: Browser, body: Record<string, unknown>) {
  return browser.postJson<{ status: string; order_id: number | null; reason: string }>(
    "/api/checkout",
    { payment_type: 0, point: 0, token: requestId(), ...body },
  );
}

describe("saved cards", () => {
  it("keeps the provider's reference, brand, last four digits and expiry, never the number, code or name", async () => {
    const { browser, userId } = await member();
    const amex = { number: "3782 822463 10005", exp: "07/31", cvc: "8147", name: "HANAKO KOMAYA" };
    const added = await addCard(browser, amex);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      status: "saved",
      card: { brand: "amex", brand_name: "American Express", last4: "0005", exp: "07/31" },
    });
    const [row] = await t.services.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.userId, userId));
    expect(row).toMatchObject({ brand: "amex", last4: "0005", expMonth: 7, expYear: 2031 });
    expect(row!.providerRef).toMatch(/^sbx_pm_/);
    const stored = await everyRow();
    expect(stored).not.toContain("378282246310005");
    expect(stored).not.toContain("3782 822463");
    expect(stored).not.toMatch(/\b8147\b/);
    expect(stored).not.toContain("HANAKO KOMAYA");
    expect(await cardsOf(browser)).toEqual([added.body.card]);
  });

  it("lists, and removes, only the member's own cards", async () => {
    const a = await member();
    const b = await member();
    const added = await addCard(a.browser);
    const cardId = added.body.card!.card_id;
    expect(await cardsOf(b.browser)).toEqual([]);
    const theft = await b.browser.postJson("/api/payment_cards/remove", { card_id: cardId });
    expect(theft.status).toBe(404);
    expect(await cardsOf(a.browser)).toHaveLength(1);
    const gone = await a.browser.postJson("/api/payment_cards/remove", { card_id: cardId });
    expect(gone.status).toBe(200);
    expect(await cardsOf(a.browser)).toEqual([]);
    // Nor can another member's card pay for their purchase.
    const again = await addCard(a.browser);
    const paid = await oneTap(b.browser, {
      item: SERIES_ONE_ITEM(1),
      saved_card: again.body.card!.card_id,
    });
    expect(paid.status).toBe(404);
    expect(await t.services.db.$count(orders, eq(orders.userId, b.userId))).toBe(0);
  });

  it("needs a signed-in member and the CSRF token", async () => {
    const { browser } = await member();
    const noCsrf = await browser.fetch("/api/payment_cards", {
      method: "POST",
      csrf: false,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request_id: requestId(), ...VISA }),
    });
    expect(noCsrf.status).toBe(403);
    expect((await addCard(new Browser(t.app))).status).toBe(401);
  });

  it("refuses bad input with a 400 naming the field, in Japanese", async () => {
    const { browser, userId } = await member();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ number: "4242 4242 4242 4241" }, "number", CARD_MESSAGES.numberInvalid],
      [{ number: "6011 1111 1111 1117" }, "number", CARD_MESSAGES.brand],
      [{ number: "" }, "number", CARD_MESSAGES.number],
      [{ exp: "13/30" }, "exp", CARD_MESSAGES.expiry],
      [{ exp: "1230" }, "exp", CARD_MESSAGES.expiry],
      [{ cvc: "12" }, "cvc", CARD_MESSAGES.cvc3],
      [{ number: "3782 822463 10005", cvc: "123" }, "cvc", CARD_MESSAGES.cvc4],
      [{ name: "taro komaya" }, "name", CARD_MESSAGES.name],
      [{ name: "小間屋 太郎" }, "name", CARD_MESSAGES.name],
    ];
    for (const [change, field, message] of cases) {
      const answer = await addCard(browser, { ...VISA, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body).toMatchObject({
        error_message: `${field}: ${message}`,
        error: { field },
      });
    }
    expect(await t.services.db.$count(paymentCards, eq(paymentCards.userId, userId))).toBe(0);
  });

  it("refuses a card past its expiry month, and an expired saved card cannot pay", async () => {
    const { browser, userId } = await member();
    const expired = await addCard(browser, { ...VISA, exp: "01/25" });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error_message: CARD_MESSAGES.expired });
    // A card kept while valid whose month has since passed.
    const added = await addCard(browser);
    await t.services.db
      .update(paymentCards)
      .set({ expYear: 2025 })
      .where(eq(paymentCards.cardId, added.body.card!.card_id));
    expect((await cardsOf(browser))[0]).toMatchObject({ expired: true });
    const paid = await oneTap(browser, {
      item: SERIES_ONE_ITEM(2),
      saved_card: added.body.card!.card_id,
    });
    expect(paid.status).toBe(409);
    expect(paid.body.error_message).toContain("有効期限");
    expect(await t.services.db.$count(orders, eq(orders.userId, userId))).toBe(0);
  });

  it("a declined card is said so, and nothing is stored", async () => {
    const { browser, userId } = await member();
    const declined = await addCard(browser, { ...VISA, number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "declined", reason: CARD_MESSAGES.declined });
    expect(await t.services.db.$count(paymentCards, eq(paymentCards.userId, userId))).toBe(0);
    expect(await addCard(browser)).toMatchObject({ body: { status: "saved" } });
  });

  it("keeps one card for a request sent twice, and at most three", async () => {
    const { browser, userId } = await member();
    const id = requestId();
    const [first, second] = await Promise.all([
      browser.postJson("/api/payment_cards", { request_id: id, ...VISA }),
      browser.postJson("/api/payment_cards", { request_id: id, ...VISA }),
    ]);
    expect(first.body).toEqual(second.body);
    expect(await t.services.db.$count(paymentCards, eq(paymentCards.userId, userId))).toBe(1);
    for (let i = 1; i < MAX_SAVED_CARDS; i++) await addCard(browser);
    const over = await addCard(browser);
    expect(over.status).toBe(409);
    expect(over.body.error_message).toBe(CARD_MESSAGES.tooMany);
  });

  it("limits how many cards a member may offer in an hour", async () => {
    const { browser } = await member();
    const declined = { ...VISA, number: "4000 0000 0000 0002" };
    for (let i = 0; i < 10; i++) expect((await addCard(browser, declined)).status).toBe(200);
    const refused = await addCard(browser, declined);
    expect(refused.status).toBe(429);
  });
});

describe("one-tap purchase with a saved card", () => {
  it("buys with the amount confirmed, and the volume is the member's", async () => {
    const { browser, userId } = await member();
    const card = (await addCard(browser)).body.card!;
    const bought = await oneTap(browser, {
      item: SERIES_ONE_ITEM(3),
      saved_card: card.card_id,
      amount: 660,
    });
    expect(bought.body).toMatchObject({ status: "paid" });
    const [order] = await t.services.db.select().from(orders).where(eq(orders.userId, userId));
    expect(order).toMatchObject({ amount: 660, paymentType: 1, status: "paid" });
    const [payment] = await t.services.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order!.orderId));
    expect(payment).toMatchObject({ status: "captured", amount: 660 });
    expect(await t.services.db.$count(userItems, eq(userItems.userId, userId))).toBe(1);
  });

  it("refuses, before any charge, an amount other than the order's", async () => {
    const { browser, userId } = await member();
    const card = (await addCard(browser)).body.card!;
    const refused = await oneTap(browser, {
      item: SERIES_ONE_ITEM(4),
      saved_card: card.card_id,
      amount: 600,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { field: "amount" } });
    expect(await t.services.db.$count(orders, eq(orders.userId, userId))).toBe(0);
  });

  it("a saved card declined at the charge buys nothing and says why", async () => {
    const { browser, userId } = await member();
    const card = (await addCard(browser, { ...VISA, number: "4000 0000 0000 0341" })).body.card!;
    const declined = await oneTap(browser, {
      item: SERIES_ONE_ITEM(5),
      saved_card: card.card_id,
      amount: 660,
    });
    expect(declined.body).toMatchObject({ status: "declined", order_id: null });
    expect(declined.body.reason).toContain("承認されませんでした");
    expect(await t.services.db.$count(orders, eq(orders.userId, userId))).toBe(0);
    expect(await t.services.db.$count(userItems, eq(userItems.userId, userId))).toBe(0);
  });

  it("a removed card can no longer pay", async () => {
    const { browser, userId } = await member();
    const card = (await addCard(browser)).body.card!;
    await browser.postJson("/api/payment_cards/remove", { card_id: card.card_id });
    const paid = await oneTap(browser, { item: SERIES_ONE_ITEM(6), saved_card: card.card_id });
    expect(paid.status).toBe(404);
    expect(await t.services.db.$count(orders, eq(orders.userId, userId))).toBe(0);
  });
});
