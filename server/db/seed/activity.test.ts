import { and, eq, gte, isNull, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../lib/seeded-random";
import {
  cartItems,
  coupons,
  orderItems,
  orders,
  payments,
  pointEntries,
  receivedCoupons,
} from "../../modules/commerce/schema";
import {
  readingProgress,
  searchHistory,
  seriesFavorites,
  seriesNotifications,
  seriesViews,
  userItems,
} from "../../modules/library/schema";
import type { Database, Db } from "../client";
import { createTestDatabase } from "../test-database";
import { SYNTHETIC_USER_BASE, seedMemberActivity } from "./activity";
import type { CatalogSummary, DemoMembers, SeedContext } from "./types";

const NOW = new Date("2026-03-15T03:00:00Z");
const DAY = 86_400_000;
const MEMBER = 7;

/** A small catalog with plain ids: 60 series of 3–12 volumes, some with free first volumes. */
function syntheticCatalog(): CatalogSummary {
  const rng = new Rng(99);
  let bookId = 1;
  let itemId = 1;
  const series = Array.from({ length: 60 }, (_, i) => {
    const volumes = rng.int(3, 12);
    const freeFirst = i % 4 === 0;
    const price = rng.pick([462, 528, 594, 660, 693, 715]);
    return {
      seriesId: 100 + i,
      genreIds: [rng.int(1, 6)],
      authorIds: [1 + (i % 20)],
      bookIds: Array.from({ length: volumes }, () => bookId++),
      itemIds: Array.from({ length: volumes }, () => itemId++),
      pricesInc: Array.from({ length: volumes }, (_, v) => (freeFirst && v === 0 ? 0 : price)),
    };
  });
  const dramaCds = Array.from({ length: 5 }, (_, i) => ({
    cdId: 500 + i,
    itemIds: [itemId++],
    castIds: [1, 2],
    labelId: 1,
  }));
  return {
    genreIds: [1, 2, 3, 4, 5, 6, 20, 21],
    categoryIds: [],
    tagIds: [],
    generationIds: [],
    authorIds: [],
    publisherIds: [],
    labelIds: [],
    magazineIds: [],
    series,
    dramaCds,
    castIds: [1, 2],
    cdLabelIds: [1],
  };
}

const members: DemoMembers = {
  member: { userId: MEMBER, email: "member@example.jp" },
  staff: { userId: 8, email: "staff@example.jp" },
};

async function seeded(): Promise<Database> {
  const database = await createTestDatabase();
  const ctx: SeedContext = {
    db: database.db,
    rng: new Rng(20260315),
    options: { series: 60, seed: 20260315, now: NOW },
  };
  await seedMemberActivity(ctx, syntheticCatalog(), members);
  return database;
}

async function snapshot(db: Db) {
  return {
    orders: await db.select().from(orders).orderBy(orders.orderId),
    orderItems: await db.select().from(orderItems).orderBy(orderItems.orderItemId),
    points: await db.select().from(pointEntries).orderBy(pointEntries.pointEntryId),
    userItems: await db.select().from(userItems).orderBy(userItems.userItemId),
    cart: await db.select().from(cartItems).orderBy(cartItems.userId, cartItems.itemId),
    reads: await db
      .select()
      .from(readingProgress)
      .orderBy(readingProgress.userId, readingProgress.bookId),
  };
}

let first: Database;

beforeAll(async () => {
  first = await seeded();
});

afterAll(async () => {
  await first?.close();
});

describe("seedMemberActivity", () => {
  it("gives the demo member a bookshelf bought through past orders", async () => {
    const { db } = first;
    const memberOrders = await db.select().from(orders).where(eq(orders.userId, MEMBER));
    expect(memberOrders.length).toBeGreaterThanOrEqual(5);
    expect(memberOrders.length).toBeLessThanOrEqual(6);

    const bought = await db
      .select({
        orderId: orderItems.orderId,
        itemId: orderItems.itemId,
        seriesId: orderItems.seriesId,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(eq(orders.userId, MEMBER));
    const shelf = await db.select().from(userItems).where(eq(userItems.userId, MEMBER));
    const byItem = new Map(shelf.map((u) => [u.itemId, u]));
    for (const line of bought) {
      expect(byItem.get(line.itemId)).toMatchObject({ source: "purchase", orderId: line.orderId });
    }
    const purchased = shelf.filter((u) => u.source === "purchase");
    expect(purchased).toHaveLength(bought.length);
    expect(bought.length).toBeGreaterThanOrEqual(26);
    expect(bought.length).toBeLessThanOrEqual(34);
    expect(new Set(bought.map((b) => b.seriesId)).size).toBe(8);
    expect(shelf.filter((u) => u.source === "free")).toHaveLength(2);
    expect(shelf.filter((u) => u.itemType === 101)).toHaveLength(1);
  });

  it("keeps every order's money consistent with its lines, payment, coupon and points", async () => {
    const { db } = first;
    const all = await db.select().from(orders);
    const lineSums = await db
      .select({ orderId: orderItems.orderId, total: sql<number>`sum(${orderItems.priceInc})::int` })
      .from(orderItems)
      .groupBy(orderItems.orderId);
    const totals = new Map(lineSums.map((r) => [r.orderId, r.total]));
    const paid = new Map(
      (await db.select().from(payments)).map((p) => [p.orderId, p.amount] as const),
    );
    const spent = await db
      .select({
        orderId: pointEntries.orderId,
        used: sql<number>`-sum(${pointEntries.delta})::int`,
      })
      .from(pointEntries)
      .where(eq(pointEntries.reason, "use"))
      .groupBy(pointEntries.orderId);
    const usedByOrder = new Map(spent.map((r) => [r.orderId, r.used]));
    for (const o of all) {
      expect(o.price).toBe(totals.get(o.orderId));
      expect(o.subtotal).toBe(o.price - o.discount - o.couponDiscount);
      expect(o.amount).toBe(o.subtotal - o.usedPoint);
      expect(o.usedPoint).toBe(usedByOrder.get(o.orderId) ?? 0);
      expect(paid.get(o.orderId) ?? 0).toBe(o.amount);
    }
    const member = all.filter((o) => o.userId === MEMBER);
    expect(member.filter((o) => o.usedPoint > 0)).toHaveLength(1);
    expect(member.filter((o) => o.couponId !== null)).toHaveLength(1);
  });

  it("keeps a point balance equal to the unexpired ledger entries, with some expiring soon", async () => {
    const { db } = first;
    const entries = await db.select().from(pointEntries).where(eq(pointEntries.userId, MEMBER));
    const live = (e: { expiresAt: Date | null }) => !e.expiresAt || e.expiresAt > NOW;
    const [{ balance }] = (await db
      .select({ balance: sql<number>`coalesce(sum(${pointEntries.delta}), 0)::int` })
      .from(pointEntries)
      .where(
        and(
          eq(pointEntries.userId, MEMBER),
          or(isNull(pointEntries.expiresAt), gte(pointEntries.expiresAt, NOW)),
        ),
      )) as [{ balance: number }];
    expect(balance).toBeGreaterThanOrEqual(500);

    // The same balance lot by lot: what is left of each lot that has not expired.
    const lots = entries.filter((e) => e.lotId === null);
    const remaining = (lotId: number) =>
      entries
        .filter((e) => e.pointEntryId === lotId || e.lotId === lotId)
        .reduce((s, e) => s + e.delta, 0);
    expect(lots.filter(live).reduce((s, l) => s + remaining(l.pointEntryId), 0)).toBe(balance);
    for (const lot of lots) expect(remaining(lot.pointEntryId)).toBeGreaterThanOrEqual(0);
    for (const use of entries.filter((e) => e.lotId !== null)) {
      const lot = lots.find((l) => l.pointEntryId === use.lotId)!;
      expect(use.expiresAt).toEqual(lot.expiresAt);
      expect(use.createdAt >= lot.createdAt).toBe(true);
    }

    const soon = lots.filter(
      (l) => live(l) && l.expiresAt && l.expiresAt.getTime() - NOW.getTime() < 30 * DAY,
    );
    expect(soon.some((l) => remaining(l.pointEntryId) > 0)).toBe(true);
    // The demo account signs up 120 days before now; nothing of its history predates that.
    for (const e of entries) expect(NOW.getTime() - e.createdAt.getTime()).toBeLessThan(120 * DAY);
    expect(lots.some((l) => !live(l))).toBe(true);
  });

  it("fills the cart with buyable items only, and the rest of the member's lists", async () => {
    const { db } = first;
    const cart = await db.select().from(cartItems).where(eq(cartItems.userId, MEMBER));
    expect(cart.length).toBeGreaterThanOrEqual(2);
    const owned = await db
      .select({ itemId: userItems.itemId })
      .from(userItems)
      .where(eq(userItems.userId, MEMBER));
    const ownedIds = new Set(owned.map((o) => o.itemId));
    for (const c of cart) expect(ownedIds.has(c.itemId)).toBe(false);

    const count = async (
      table: typeof seriesFavorites | typeof seriesNotifications | typeof seriesViews,
    ) => (await db.select().from(table).where(eq(table.userId, MEMBER))).length;
    expect(await count(seriesFavorites)).toBe(6);
    expect(await count(seriesNotifications)).toBe(3);
    expect(await count(seriesViews)).toBe(15);
    expect(
      await db.select().from(searchHistory).where(eq(searchHistory.userId, MEMBER)),
    ).toHaveLength(5);
    const reads = await db.select().from(readingProgress).where(eq(readingProgress.userId, MEMBER));
    expect(reads.length).toBeGreaterThanOrEqual(5);
    expect(reads.some((r) => !r.finished)).toBe(true);
  });

  it("makes coupons of every kind and hands the member three, one used", async () => {
    const { db } = first;
    const all = await db.select().from(coupons);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.some((c) => c.discountType === 1)).toBe(true);
    expect(all.some((c) => c.discountType === 2)).toBe(true);
    expect(all.filter((c) => c.signupCoupon)).toHaveLength(1);
    expect(all.some((c) => c.endAt < NOW)).toBe(true);
    expect(all.some((c) => c.startAt > NOW)).toBe(true);
    const received = await db
      .select()
      .from(receivedCoupons)
      .where(eq(receivedCoupons.userId, MEMBER));
    expect(received).toHaveLength(3);
    const used = received.filter((r) => r.usedAt);
    expect(used).toHaveLength(1);
    const [order] = await db.select().from(orders).where(eq(orders.orderId, used[0]!.orderId!));
    expect(order!.couponId).toBe(used[0]!.couponId);
  });

  it("records a crowd of synthetic buyers over 60 days whose rankings differ by window", async () => {
    const { db } = first;
    const crowd = await db
      .select({ seriesId: orderItems.seriesId, createdAt: orderItems.createdAt })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(gte(orders.userId, SYNTHETIC_USER_BASE));
    expect(crowd.length).toBeGreaterThanOrEqual(1500);
    const top = (days: number) => {
      const counts = new Map<number, number>();
      for (const line of crowd) {
        if (NOW.getTime() - line.createdAt.getTime() > days * DAY) continue;
        counts.set(line.seriesId!, (counts.get(line.seriesId!) ?? 0) + 1);
      }
      return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
    };
    for (const line of crowd) {
      expect(line.createdAt <= NOW).toBe(true);
      expect(NOW.getTime() - line.createdAt.getTime()).toBeLessThanOrEqual(60 * DAY);
    }
    expect(new Set([top(1), top(7), top(30), top(60)]).size).toBeGreaterThanOrEqual(3);
  });

  it("leaves the identities past the seeded ids", async () => {
    const { db } = first;
    const [row] = await db
      .insert(orders)
      .values({
        userId: MEMBER,
        price: 660,
        subtotal: 660,
        tax: 60,
        amount: 660,
        paymentType: 1,
        idempotencyKey: "after-seed",
      })
      .returning({ orderId: orders.orderId });
    const [{ max }] = (await db
      .select({ max: sql<number>`max(${orders.orderId})::int` })
      .from(orders)) as [{ max: number }];
    expect(row!.orderId).toBe(max);
    await db.delete(orders).where(eq(orders.orderId, row!.orderId));
  });

  it("is deterministic across fresh databases", async () => {
    const second = await seeded();
    try {
      expect(await snapshot(second.db)).toEqual(await snapshot(first.db));
    } finally {
      await second.close();
    }
  });
});
