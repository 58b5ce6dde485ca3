import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREORDER_MESSAGES } from "../../../contract/preorder-rules";
import type { AutoPurchaseAnswer, Preorder, PreorderOffer } from "../../../contract/preorders";
import { tokyoInstant, tokyoTime } from "../../../contract/tokyo-time";
import { type Browser, createTestApp } from "../../http/test-client";
import { books, items, publishers, series } from "../catalog/schema";
import { insertVolumes } from "../catalog/test-fixture";
import {
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentProvider,
  sandboxProvider,
  TEST_CARDS,
} from "../commerce/payments/provider";
import { orders, paymentMethods } from "../commerce/schema";
import { ownedItemIds } from "../library/service";
import { outbox } from "../mail/schema";
import { priceExTax } from "../pricing/rules";
import { shopMember } from "../pricing/test-fixture";
import { autoPurchaseToken, runStandingOrders, type StandingOrderDeps } from "./run";
import { autoPurchases, preorders } from "./schema";
import { cancelPreorder, reserve } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const MINUTE = 60_000;

/** The sandbox, with every charge asked of it written down (the key and what it answered). */
function countingProvider(inner: PaymentProvider = sandboxProvider()) {
  const charges: Array<{ request: ChargeRequest; outcome: ChargeOutcome }> = [];
  const provider: PaymentProvider = {
    ...inner,
    async charge(request) {
      const outcome = await inner.charge(request);
      charges.push({ request, outcome });
      return outcome;
    },
  };
  return { provider, inner, charges };
}

function deps(provider: PaymentProvider): StandingOrderDeps {
  return {
    db: t.services.db,
    provider,
    logger: t.services.logger,
    siteUrl: "https://komaya.example",
    changed: async () => {},
  };
}

let nextSeries = 1;
let nextBook = 700_000;

/** A series with one volume out long ago; answers its id. */
async function aSeries(): Promise<number> {
  const db = t.services.db;
  const n = nextSeries++;
  const [publisher] = await db
    .insert(publishers)
    .values({ name: `予約出版社${n}`, nameKana: "ヨヤクシュッパンシャ" })
    .returning({ id: publishers.publisherId });
  const [row] = await db
    .insert(series)
    .values({
      name: `予約テスト${n}`,
      nameKana: "ヨヤクテスト",
      publisherId: publisher!.id,
      startDate: new Date(Date.now() - 400 * DAY),
    })
    .returning({ seriesId: series.seriesId });
  await aVolume(row!.seriesId, new Date(Date.now() - 200 * DAY), 660);
  return row!.seriesId;
}

/** A volume of the series set on sale from `at`, at `priceInc` yen. */
async function aVolume(seriesId: number, at: Date, priceInc: number) {
  const bookId = nextBook++;
  const itemId = bookId;
  await insertVolumes(t.services.db, [
    {
      bookId,
      itemId,
      seriesId,
      volume: bookId,
      title: `予約テスト ${bookId}巻`,
      price: priceExTax(priceInc),
      priceInc,
      itemStartDate: at,
      pageCount: 10,
      onsaleFlag: true,
    },
  ]);
  return { bookId, itemId };
}

async function setPrice(bookId: number, priceInc: number) {
  const db = t.services.db;
  await db
    .update(books)
    .set({ priceInc, price: priceExTax(priceInc) })
    .where(eq(books.bookId, bookId));
  await db
    .update(items)
    .set({ priceInc, price: priceExTax(priceInc) })
    .where(eq(items.bookId, bookId));
}

/** A member who saved `card` on the account page. */
async function memberWithCard(card: string = TEST_CARDS.succeeds) {
  const m = await shopMember(t.app, t.services.db);
  const saved = await m.browser.postJson("/api/payment_cards", {
    number: card,
    exp: "12/34",
    cvc: "123",
    name: "TARO KOMAYA",
    request_id: randomBytes(12).toString("base64url"),
  });
  expect(saved.body).toMatchObject({ result: true, status: "saved" });
  return m;
}

const ordersOf = (userId: number) =>
  t.services.db.select().from(orders).where(eq(orders.userId, userId));

const owns = async (userId: number, itemId: number) =>
  (await ownedItemIds(t.services.db, userId, [itemId])).length === 1;

async function preordersOf(browser: Browser): Promise<Preorder[]> {
  const answer = await browser.getJson<{ preorders: Preorder[] }>("/api/preorders");
  expect(answer.status).toBe(200);
  return answer.body.preorders;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.services.db
    .insert(paymentMethods)
    .values([{ paymentType: 1, name: "クレジットカード", sortOrder: 1 }]);
}, 300_000);

afterAll(async () => {
  await t?.database.close();
});

describe("予約購入", () => {
  it("reserves at the announced price and is paid on release day at the lower price after a drop", async () => {
    const seriesId = await aSeries();
    const release = new Date(Date.now() + 3 * DAY);
    const volume = await aVolume(seriesId, release, 660);
    const { browser, userId } = await memberWithCard();

    const offer = await browser.getJson<{ offer: PreorderOffer }>(
      `/api/preorders/offer?book_id=${volume.bookId}`,
    );
    expect(offer.body.offer).toMatchObject({ reservable: true, price: 660, has_card: true });
    const made = await browser.postJson<{ preorder: Preorder }>("/api/preorders", {
      book_id: volume.bookId,
    });
    expect(made.body.preorder).toMatchObject({
      status: "reserved",
      status_label: "予約中",
      reserved_price: 660,
      cancellable: true,
    });
    // A double click answers the same reservation.
    const again = await browser.postJson<{ preorder: Preorder }>("/api/preorders", {
      book_id: volume.bookId,
    });
    expect(again.body.preorder.preorder_id).toBe(made.body.preorder.preorder_id);

    // The price drops before release.
    await setPrice(volume.bookId, 550);
    const { provider, charges } = countingProvider();
    // The day before release: nothing is paid.
    await runStandingOrders(deps(provider), new Date(release.getTime() - DAY));
    expect(await ordersOf(userId)).toHaveLength(0);

    // Release day, the job with the clock moved past the release time.
    const at = new Date(release.getTime() + MINUTE);
    const run = await runStandingOrders(deps(provider), at);
    expect(run.preordersPaid).toBeGreaterThanOrEqual(1);
    const paid = await ordersOf(userId);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: "paid", amount: 550 });
    expect(await owns(userId, volume.itemId)).toBe(true);
    const [listed] = await preordersOf(browser);
    expect(listed).toMatchObject({
      status: "paid",
      paid_price: 550,
      reserved_price: 660,
      order_id: paid[0]!.orderId,
      cancellable: false,
    });
    const mails = await t.services.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "standing_order"));
    expect(mails.some((m) => m.subject.includes(`予約テスト ${volume.bookId}巻`))).toBe(true);

    // Run again: nothing more is charged.
    await runStandingOrders(deps(provider), new Date(at.getTime() + MINUTE));
    expect(await ordersOf(userId)).toHaveLength(1);
    expect(charges.filter((c) => c.request.amount === 550)).toHaveLength(1);
  });

  it("never charges more than the reserved price when the price rises", async () => {
    const seriesId = await aSeries();
    const release = new Date(Date.now() + 2 * DAY);
    const volume = await aVolume(seriesId, release, 550);
    const { browser, userId } = await memberWithCard();
    await browser.postJson("/api/preorders", { book_id: volume.bookId });
    await setPrice(volume.bookId, 770);
    await runStandingOrders(
      deps(countingProvider().provider),
      new Date(release.getTime() + MINUTE),
    );
    const [order] = await ordersOf(userId);
    expect(order).toMatchObject({ status: "paid", amount: 550 });
  });

  it("keeps a failed charge visible as failed with the store's reason", async () => {
    const seriesId = await aSeries();
    const release = new Date(Date.now() + 2 * DAY);
    const volume = await aVolume(seriesId, release, 660);
    const { browser, userId } = await memberWithCard(TEST_CARDS.declinedWhenCharged);
    await browser.postJson("/api/preorders", { book_id: volume.bookId });
    await runStandingOrders(
      deps(countingProvider().provider),
      new Date(release.getTime() + MINUTE),
    );
    expect(await ordersOf(userId)).toHaveLength(0);
    expect(await owns(userId, volume.itemId)).toBe(false);
    const [listed] = await preordersOf(browser);
    expect(listed).toMatchObject({
      status: "failed",
      status_label: "お支払いできませんでした",
      message: "カードが承認されませんでした。別のお支払い方法をお試しください",
    });
  });

  it("may be cancelled until the day before release and not on the day (Tokyo dates)", async () => {
    const seriesId = await aSeries();
    // Released at 10:00 Tokyo, five days from now.
    const day = tokyoTime(Date.now() + 5 * DAY);
    const release = tokyoInstant(day.year, day.month, day.day, 10);
    const volume = await aVolume(seriesId, release, 660);
    const { userId } = await memberWithCard();
    const db = t.services.db;
    const lastEvening = tokyoInstant(day.year, day.month, day.day - 1, 23, 59);
    const first = await reserve(db, userId, volume.bookId, new Date());
    const cancelled = await cancelPreorder(db, userId, first.preorder_id, lastEvening);
    expect(cancelled.status).toBe("cancelled");
    // Reserved again; on the release day, before the release hour, it is refused.
    const second = await reserve(db, userId, volume.bookId, new Date());
    expect(second.preorder_id).not.toBe(first.preorder_id);
    const releaseMorning = tokyoInstant(day.year, day.month, day.day, 0, 1);
    await expect(
      cancelPreorder(db, userId, second.preorder_id, releaseMorning),
    ).rejects.toMatchObject({ status: 409, message: PREORDER_MESSAGES.cancelClosed });
    // Reserving again while it is live answers the same reservation.
    await expect(
      reserve(db, userId, volume.bookId, new Date(release.getTime() + MINUTE)),
    ).resolves.toMatchObject({ preorder_id: second.preorder_id });
  });

  it("answers 401 to visitors, 400 to bad input and 404 for another member's reservation", async () => {
    const seriesId = await aSeries();
    const volume = await aVolume(seriesId, new Date(Date.now() + 4 * DAY), 660);
    const owner = await memberWithCard();
    const other = await memberWithCard();
    const made = await owner.browser.postJson<{ preorder: Preorder }>("/api/preorders", {
      book_id: volume.bookId,
    });
    const id = made.body.preorder.preorder_id;
    const { Browser } = await import("../../http/test-client");
    const visitor = new Browser(t.app);
    expect((await visitor.getJson("/api/preorders")).status).toBe(401);
    expect((await visitor.postJson("/api/preorders", { book_id: volume.bookId })).status).toBe(401);
    const bad = await owner.browser.postJson("/api/preorders", { book_id: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toMatch(/book_id/);
    expect((await owner.browser.postJson("/api/preorders/abc/cancel")).status).toBe(400);
    const stolen = await other.browser.postJson(`/api/preorders/${id}/cancel`);
    expect(stolen.status).toBe(404);
    const cap = await owner.browser.postJson("/api/auto_purchase/settings", {
      monthly_cap: -5,
      use_points: false,
    });
    expect(cap.status).toBe(400);
    expect(cap.body.error_message).toContain("月の上限金額");
    // A volume already out takes no reservation.
    const out = await aVolume(seriesId, new Date(Date.now() - DAY), 660);
    const late = await owner.browser.postJson("/api/preorders", { book_id: out.bookId });
    expect(late.status).toBe(409);
    expect(late.body.error_message).toBe(PREORDER_MESSAGES.closed);
    // A member without a card is sent to register one.
    const cardless = await shopMember(t.app, t.services.db);
    const refused = await cardless.browser.postJson("/api/preorders", { book_id: volume.bookId });
    expect(refused.status).toBe(409);
    expect(refused.body.error_message).toBe(PREORDER_MESSAGES.noCard);
  });
});

describe("新刊自動購入", () => {
  async function subscribed(seriesId: number) {
    const m = await memberWithCard();
    const on = await m.browser.postJson("/api/auto_purchase/series", {
      series_id: seriesId,
      enabled: true,
    });
    expect(on.body).toMatchObject({ result: true, enabled: true, paused: false });
    return m;
  }

  const claimsOf = (userId: number, bookId: number) =>
    t.services.db
      .select()
      .from(autoPurchases)
      .where(and(eq(autoPurchases.userId, userId), eq(autoPurchases.bookId, bookId)));

  it("buys a new volume once under 10 concurrent job runs", async () => {
    const seriesId = await aSeries();
    const { browser, userId } = await subscribed(seriesId);
    const release = new Date(Date.now() + DAY);
    const volume = await aVolume(seriesId, release, 660);
    const { provider, charges } = countingProvider();
    const at = new Date(release.getTime() + MINUTE);
    await Promise.all(Array.from({ length: 10 }, () => runStandingOrders(deps(provider), at)));
    const mine = charges.filter(
      (c) => c.request.idempotencyKey === autoPurchaseToken(userId, volume.bookId),
    );
    expect(mine).toHaveLength(1);
    expect(await ordersOf(userId)).toHaveLength(1);
    expect(await owns(userId, volume.itemId)).toBe(true);
    expect(await claimsOf(userId, volume.bookId)).toMatchObject([{ status: "paid", amount: 660 }]);
    const overview = await browser.getJson<AutoPurchaseAnswer>("/api/auto_purchase");
    expect(overview.body).toMatchObject({
      month_spent: 660,
      series: [{ series_id: seriesId, paused: false }],
      recent: [{ book_id: volume.bookId, status: "paid", status_label: "購入済み" }],
    });
  });

  it("charges once when a run dies between the charge and its write and is run again", async () => {
    const seriesId = await aSeries();
    const { userId } = await subscribed(seriesId);
    const release = new Date(Date.now() + DAY);
    const volume = await aVolume(seriesId, release, 660);
    const sandbox = sandboxProvider();
    const key = autoPurchaseToken(userId, volume.bookId);
    const references: string[] = [];
    // The provider takes the money, then the process loses its connection before the commit.
    const crashing: PaymentProvider = {
      ...sandbox,
      async charge(request) {
        const outcome = await sandbox.charge(request);
        if (request.idempotencyKey !== key) return outcome;
        if (outcome.status === "succeeded") references.push(outcome.reference);
        throw new Error("connection terminated after the charge");
      },
    };
    const at = new Date(release.getTime() + MINUTE);
    const crashed = await runStandingOrders(deps(crashing), at);
    expect(crashed.errors).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(userId)).toHaveLength(0);
    expect(await claimsOf(userId, volume.bookId)).toHaveLength(0);

    const { provider, charges } = countingProvider(sandbox);
    await runStandingOrders(deps(provider), new Date(at.getTime() + MINUTE));
    const retried = charges.filter((c) => c.request.idempotencyKey === key);
    expect(retried).toHaveLength(1);
    // The provider answered the retried key with its first charge: the member paid once.
    expect(retried[0]!.outcome).toEqual({ status: "succeeded", reference: references[0] });
    const paid = await ordersOf(userId);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.idempotencyKey).toBe(key);
    expect(await owns(userId, volume.itemId)).toBe(true);
  });

  it("stops at the monthly cap", async () => {
    const seriesId = await aSeries();
    const { browser, userId } = await subscribed(seriesId);
    const capped = await browser.postJson<AutoPurchaseAnswer>("/api/auto_purchase/settings", {
      monthly_cap: 1000,
      use_points: false,
    });
    expect(capped.body).toMatchObject({ monthly_cap: 1000 });
    // Two volumes the same day, in the middle of a Tokyo month: the second would pass the cap.
    const now = tokyoTime(Date.now() + 2 * DAY);
    const release = new Date(
      Math.max(Date.now() + MINUTE, tokyoInstant(now.year, now.month, now.day, 12).getTime()),
    );
    const first = await aVolume(seriesId, release, 660);
    const second = await aVolume(seriesId, new Date(release.getTime() + MINUTE), 660);
    await runStandingOrders(
      deps(countingProvider().provider),
      new Date(release.getTime() + 2 * MINUTE),
    );
    expect(await owns(userId, first.itemId)).toBe(true);
    expect(await owns(userId, second.itemId)).toBe(false);
    const [skipped] = await claimsOf(userId, second.bookId);
    expect(skipped).toMatchObject({ status: "skipped" });
    expect(skipped!.message).toContain(PREORDER_MESSAGES.capReached);
    expect(await ordersOf(userId)).toHaveLength(1);
  });

  it("buys nothing for a paused series, and buys again once resumed", async () => {
    const seriesId = await aSeries();
    const { browser, userId } = await subscribed(seriesId);
    const paused = await browser.postJson("/api/auto_purchase/series", {
      series_id: seriesId,
      enabled: true,
      paused: true,
    });
    expect(paused.body).toMatchObject({ enabled: true, paused: true });
    const release = new Date(Date.now() + DAY);
    const during = await aVolume(seriesId, release, 660);
    const { provider } = countingProvider();
    await runStandingOrders(deps(provider), new Date(release.getTime() + MINUTE));
    expect(await owns(userId, during.itemId)).toBe(false);
    expect(await claimsOf(userId, during.bookId)).toMatchObject([
      { status: "skipped", message: PREORDER_MESSAGES.paused },
    ]);
    await browser.postJson("/api/auto_purchase/series", {
      series_id: seriesId,
      enabled: true,
      paused: false,
    });
    const after = await aVolume(seriesId, new Date(release.getTime() + DAY), 660);
    await runStandingOrders(deps(provider), new Date(release.getTime() + DAY + MINUTE));
    expect(await owns(userId, after.itemId)).toBe(true);
    expect(await owns(userId, during.itemId)).toBe(false);
    // Turned off, the next volume is not bought.
    await browser.postJson("/api/auto_purchase/series", { series_id: seriesId, enabled: false });
    const off = await aVolume(seriesId, new Date(release.getTime() + 2 * DAY), 660);
    await runStandingOrders(deps(provider), new Date(release.getTime() + 2 * DAY + MINUTE));
    expect(await owns(userId, off.itemId)).toBe(false);
    expect(await claimsOf(userId, off.bookId)).toHaveLength(0);
  });

  it("leaves an automatic purchase to the member's reservation of the same volume", async () => {
    const seriesId = await aSeries();
    const { browser, userId } = await subscribed(seriesId);
    const release = new Date(Date.now() + 2 * DAY);
    const volume = await aVolume(seriesId, release, 660);
    await browser.postJson("/api/preorders", { book_id: volume.bookId });
    await runStandingOrders(
      deps(countingProvider().provider),
      new Date(release.getTime() + MINUTE),
    );
    expect(await ordersOf(userId)).toHaveLength(1);
    expect(await claimsOf(userId, volume.bookId)).toHaveLength(0);
    const [row] = await t.services.db.select().from(preorders).where(eq(preorders.userId, userId));
    expect(row).toMatchObject({ status: "paid" });
  });
});
