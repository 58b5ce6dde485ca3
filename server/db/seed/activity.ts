import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { addPoint as pointsEarned } from "../../../contract/points";
import type { Rng } from "../../lib/seeded-random";
import {
  cartItems,
  couponSeries,
  coupons,
  orderItems,
  orders,
  type PointReason,
  paymentMethods,
  payments,
  pointEntries,
  presents,
  receivedCoupons,
} from "../../modules/commerce/schema";
import {
  cdFavorites,
  readingProgress,
  searchHistory,
  seriesFavorites,
  seriesNotifications,
  seriesViews,
  userItems,
} from "../../modules/library/schema";
import { ADD_POINT_VALID_DAYS, priceExTax, taxContained } from "../../modules/pricing/rules";
import type { Db } from "../client";
import { syncIdentity } from "./bulk";
import type { CatalogSummary, DemoMembers, SeedContext } from "./types";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BOOK = 0;
const DRAMA_CD = 101;

/**
 * Ranking data needs many buyers and readers, but only the demo accounts exist as users. The
 * crowd's purchases, reads and favourites are therefore recorded under user ids from this reserved
 * range, which no users row will ever take (identity ids count up from 1), and nobody can sign in
 * as them.
 */
export const SYNTHETIC_USER_BASE = 1_000_000;

const CROWD_DAYS = 60;

export const PAYMENT_METHODS = [
  { paymentType: 1, name: "クレジットカード", sortOrder: 1 },
  { paymentType: 2, name: "PayPay", sortOrder: 2 },
  { paymentType: 3, name: "d払い", sortOrder: 3 },
  { paymentType: 4, name: "auかんたん決済", sortOrder: 4 },
  { paymentType: 5, name: "ソフトバンクまとめて支払い", sortOrder: 5 },
  { paymentType: 6, name: "Amazon Pay", sortOrder: 6 },
] as const;

type SeriesEntry = CatalogSummary["series"][number];
type DramaCdEntry = CatalogSummary["dramaCds"][number];

interface Line {
  itemId: number;
  itemType: number;
  seriesId: number | null;
  bookId: number | null;
  cdId: number | null;
  name: string;
  priceInc: number;
}

interface OrderDraft {
  userId: number;
  at: Date;
  lines: Line[];
  paymentType: number;
  couponId: number | null;
  couponDiscount: number;
  /** Points the buyer asks to spend; the ledger decides how many are there. */
  wantPoints: number;
  /** Assigned once every order is known, in time order. */
  orderId: number;
}

interface Grant {
  userId: number;
  at: Date;
  delta: number;
  reason: PointReason;
  expiresAt: Date | null;
  description: string;
}

type Volume = { series: SeriesEntry; index: number };

/** Item names are frozen into order items; the summary may carry series and CD titles. */
function titleOf(entry: SeriesEntry | DramaCdEntry): string | null {
  return "name" in entry && typeof entry.name === "string" ? entry.name : null;
}

function volumeLine(v: Volume): Line {
  const title = titleOf(v.series);
  const label = `${v.index + 1}巻`;
  return {
    itemId: v.series.itemIds[v.index]!,
    itemType: BOOK,
    seriesId: v.series.seriesId,
    bookId: v.series.bookIds[v.index]!,
    cdId: null,
    name: title ? `${title} ${label}` : `第${label}`,
    priceInc: v.series.pricesInc[v.index] ?? 0,
  };
}

function paidIndexes(series: SeriesEntry): number[] {
  const out: number[] = [];
  for (let i = 0; i < series.bookIds.length; i++) if ((series.pricesInc[i] ?? 0) > 0) out.push(i);
  return out;
}

function freeIndexes(series: SeriesEntry): number[] {
  const out: number[] = [];
  for (let i = 0; i < series.bookIds.length; i++) if ((series.pricesInc[i] ?? 0) === 0) out.push(i);
  return out;
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Picks items with Zipf-like popularity (weight 1/rank) over a random ranking of them. */
function zipfPicker<T>(rng: Rng, items: readonly T[]): () => T {
  const ranked = shuffled(rng, items);
  const cumulative = new Float64Array(ranked.length);
  let total = 0;
  for (let i = 0; i < ranked.length; i++) {
    total += 1 / (i + 1);
    cumulative[i] = total;
  }
  return () => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = ranked.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return ranked[lo]!;
  };
}

/**
 * Keeps each member's point lots so spends draw from the soonest-expiring lot first, as the
 * ledger design in commerce/schema.ts requires.
 */
class PointLedger {
  readonly rows: Array<typeof pointEntries.$inferInsert> = [];
  private readonly lots = new Map<
    number,
    Array<{ id: number; remaining: number; expiresAt: Date | null; createdAt: Date }>
  >();

  constructor(private lastId: number) {}

  grant(g: Grant, orderId: number | null = null): void {
    const id = ++this.lastId;
    this.rows.push({
      pointEntryId: id,
      userId: g.userId,
      delta: g.delta,
      reason: g.reason,
      lotId: null,
      orderId,
      expiresAt: g.expiresAt,
      description: g.description,
      createdAt: g.at,
    });
    const lots = this.lots.get(g.userId) ?? [];
    lots.push({ id, remaining: g.delta, expiresAt: g.expiresAt, createdAt: g.at });
    this.lots.set(g.userId, lots);
  }

  /** Spends up to want points at time at; answers how many were spent. */
  spend(userId: number, want: number, at: Date, orderId: number, description: string): number {
    const usable = (this.lots.get(userId) ?? [])
      .filter((l) => l.remaining > 0 && l.createdAt <= at && (!l.expiresAt || l.expiresAt > at))
      .sort(
        (a, b) =>
          (a.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER) -
            (b.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
      );
    let spent = 0;
    for (const lot of usable) {
      if (spent >= want) break;
      const take = Math.min(lot.remaining, want - spent);
      lot.remaining -= take;
      spent += take;
      this.rows.push({
        pointEntryId: ++this.lastId,
        userId,
        delta: -take,
        reason: "use",
        lotId: lot.id,
        orderId,
        expiresAt: lot.expiresAt,
        description,
        createdAt: at,
      });
    }
    return spent;
  }
}

async function maxId(db: Db, table: string, column: string): Promise<number> {
  const result = await db.execute<{ max: number | null }>(
    sql`select max(${sql.identifier(column)})::int as max from ${sql.identifier(table)}`,
  );
  return Number(result.rows[0]?.max ?? 0);
}

async function insertAll<T extends PgTable>(
  db: Db,
  table: T,
  rows: Array<T["$inferInsert"]>,
  chunk = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(table).values(rows.slice(i, i + chunk));
  }
}

function daysAgo(now: Date, days: number, rng?: Rng): Date {
  const jitter = rng ? rng.int(0, 20 * 60) * 60_000 : 0;
  return new Date(now.getTime() - days * DAY - jitter);
}

function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY);
}

interface CouponDef {
  couponType: 1 | 3;
  name: string;
  description: string;
  discountType: 1 | 2;
  discountValue: number;
  maxDiscount: number | null;
  minPrice: number;
  startDays: number;
  endDays: number;
  validHours: number | null;
  receivable: boolean;
  signupCoupon: boolean;
  /** For coupon_type 3. */
  seriesIds: number[];
}

/**
 * Coupons of every shape the pages show: percent and yen, whole-store and series-bound, a sign-up
 * coupon with a countdown, one expired, one upcoming and one only handed out. Campaign-bound coupons
 * (coupon_type 2) need campaign ids, which the catalog summary does not carry.
 */
function couponDefinitions(targetA: number[], targetB: number[]): Record<string, CouponDef> {
  const base = {
    couponType: 1 as const,
    maxDiscount: null,
    minPrice: 0,
    validHours: null,
    receivable: true,
    signupCoupon: false,
    seriesIds: [],
  };
  return {
    signup: {
      ...base,
      name: "新規会員登録限定 50%OFFクーポン",
      description: "会員登録から72時間、全作品が50%OFF（割引上限1,000円）。",
      discountType: 1,
      discountValue: 50,
      maxDiscount: 1000,
      startDays: -400,
      endDays: 400,
      validHours: 72,
      receivable: false,
      signupCoupon: true,
    },
    all10: {
      ...base,
      name: "全作品対象 10%OFFクーポン",
      description: "全作品に使える10%OFFクーポンです（割引上限500円）。",
      discountType: 1,
      discountValue: 10,
      maxDiscount: 500,
      startDays: -10,
      endDays: 20,
    },
    yen300: {
      ...base,
      name: "1,000円以上で使える 300円OFFクーポン",
      description: "1回のお支払いが1,000円以上のとき300円引きになります。",
      discountType: 2,
      discountValue: 300,
      minPrice: 1000,
      startDays: -200,
      endDays: 30,
    },
    yen500: {
      ...base,
      name: "2,000円以上で使える 500円OFFクーポン",
      description: "1回のお支払いが2,000円以上のとき500円引きになります。",
      discountType: 2,
      discountValue: 500,
      minPrice: 2000,
      startDays: -5,
      endDays: 9,
    },
    weekend: {
      ...base,
      name: "週末限定 20%OFFクーポン",
      description: "週末だけの20%OFF。500円以上のお買い物で使えます（割引上限800円）。",
      discountType: 1,
      discountValue: 20,
      maxDiscount: 800,
      minPrice: 500,
      startDays: -2,
      endDays: 1,
    },
    series30: {
      ...base,
      couponType: 3,
      name: "対象作品 30%OFFクーポン",
      description: "対象作品の購入に使える30%OFFクーポンです（割引上限1,000円）。",
      discountType: 1,
      discountValue: 30,
      maxDiscount: 1000,
      startDays: -7,
      endDays: 23,
      seriesIds: targetA,
    },
    series100: {
      ...base,
      couponType: 3,
      name: "対象作品 100円OFFクーポン",
      description: "対象作品を300円以上購入すると100円引きになります。",
      discountType: 2,
      discountValue: 100,
      minPrice: 300,
      startDays: -3,
      endDays: 11,
      seriesIds: targetB,
    },
    expired: {
      ...base,
      name: "夏のまんが祭り 15%OFFクーポン",
      description: "期間限定の15%OFFクーポンでした。",
      discountType: 1,
      discountValue: 15,
      maxDiscount: 600,
      startDays: -75,
      endDays: -30,
    },
    upcoming: {
      ...base,
      name: "週末セール予告 400円OFFクーポン",
      description: "1,500円以上のお買い物で400円引き。もうすぐ配布開始です。",
      discountType: 2,
      discountValue: 400,
      minPrice: 1500,
      startDays: 5,
      endDays: 12,
    },
    apology: {
      ...base,
      name: "お詫びクーポン 200円OFF",
      description: "ご不便をおかけしたお客様へのクーポンです。",
      discountType: 2,
      discountValue: 200,
      startDays: -30,
      endDays: 60,
      receivable: false,
    },
  };
}

/**
 * Members' activity and commerce data: the demo member's bookshelf, orders, points, coupons,
 * cart, favourites, reading and history, plus a crowd of synthetic buyers and readers whose
 * purchases over the last 60 days give daily, weekly and monthly rankings different leaders.
 */
export async function seedMemberActivity(
  ctx: SeedContext,
  catalog: CatalogSummary,
  members: DemoMembers,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.options.now;
  const rng = ctx.rng.fork("activity");
  const memberRng = rng.fork("member");
  const crowdRng = rng.fork("crowd");
  const memberId = members.member.userId;

  const [orderBase, couponBase, pointBase] = await Promise.all([
    maxId(db, "orders", "order_id"),
    maxId(db, "coupons", "coupon_id"),
    maxId(db, "point_entries", "point_entry_id"),
  ]);

  await db
    .insert(paymentMethods)
    .values([...PAYMENT_METHODS])
    .onConflictDoNothing();

  // ---- The demo member's purchases: ~30 volumes of ~8 series, bought in order, in 5–6 orders.
  const paidSeries = catalog.series.filter((s) => paidIndexes(s).length > 0);
  const collectable = paidSeries.filter((s) => paidIndexes(s).length >= 2);
  const bought = memberRng.sample(collectable.length >= 8 ? collectable : paidSeries, 8);
  const owned = new Set<number>();
  const ownedCount = new Map<number, number>();
  const capacity = (s: SeriesEntry) => {
    const paid = paidIndexes(s).length;
    // Leave the next volume unbought where there are enough, for the cart and "continue".
    return paid >= 3 ? paid - 1 : paid;
  };
  for (const s of bought) ownedCount.set(s.seriesId, Math.min(capacity(s), memberRng.int(2, 4)));
  let total = [...ownedCount.values()].reduce((a, b) => a + b, 0);
  for (let progress = true; total < 30 && progress; ) {
    progress = false;
    for (const s of bought) {
      const n = ownedCount.get(s.seriesId)!;
      if (total < 30 && n < capacity(s)) {
        ownedCount.set(s.seriesId, n + 1);
        total++;
        progress = true;
      }
    }
  }

  // The demo account signs up 120 days before now (seed/members.ts); its history starts after.
  const orderDays = [110, 86, 62, 40, 19, 4];
  const memberOrderLines: Line[][] = orderDays.map(() => []);
  const ownedVolumes = new Map<number, number[]>();
  // Every order slot starts at least one series, so all 5–6 orders hold something.
  const firstSlots = shuffled(
    memberRng,
    bought.map((_, i) => i % orderDays.length),
  );
  bought.forEach((s, si) => {
    const paid = paidIndexes(s).slice(0, ownedCount.get(s.seriesId)!);
    ownedVolumes.set(s.seriesId, paid);
    const first = firstSlots[si]!;
    const perOrder = memberRng.int(2, 4);
    paid.forEach((index, j) => {
      const slot = Math.min(orderDays.length - 1, first + Math.floor(j / perOrder));
      memberOrderLines[slot]!.push(volumeLine({ series: s, index }));
      owned.add(s.itemIds[index]!);
    });
  });
  const memberDrafts: OrderDraft[] = [];
  memberOrderLines.forEach((lines, slot) => {
    if (lines.length === 0) return;
    memberDrafts.push({
      userId: memberId,
      at: daysAgo(now, orderDays[slot]!, memberRng),
      lines,
      paymentType: memberRng.chance(0.7) ? 1 : 2,
      couponId: null,
      couponDiscount: 0,
      wantPoints: 0,
      orderId: 0,
    });
  });
  // One order paid partly with points (the sign-up bonus), a later one with a received coupon.
  const pointsOrder = memberDrafts.findLast((d) => d.at <= daysAgo(now, 70));
  if (pointsOrder) pointsOrder.wantPoints = 250;

  // ---- Coupons.
  const cartSeries: SeriesEntry[] = [];
  const cartLines: Line[] = [];
  for (const s of bought) {
    if (cartLines.length >= 2) break;
    const next = paidIndexes(s)[ownedVolumes.get(s.seriesId)!.length];
    if (next === undefined) continue;
    cartLines.push(volumeLine({ series: s, index: next }));
    cartSeries.push(s);
  }
  const boughtIds = new Set(bought.map((s) => s.seriesId));
  const strangers = memberRng.sample(
    paidSeries.filter((s) => !boughtIds.has(s.seriesId)),
    12,
  );
  for (const s of strangers.slice(0, 2)) {
    cartLines.push(volumeLine({ series: s, index: paidIndexes(s)[0]! }));
    cartSeries.push(s);
  }
  const couponTargetsA = [
    ...new Set([
      ...cartSeries.map((s) => s.seriesId),
      ...memberRng.sample(paidSeries, 6).map((s) => s.seriesId),
    ]),
  ];
  const couponTargetsB = memberRng.sample(paidSeries, 3).map((s) => s.seriesId);
  const defs = couponDefinitions(couponTargetsA, couponTargetsB);
  const couponIds: Record<string, number> = {};
  const couponRows: Array<typeof coupons.$inferInsert> = [];
  const couponSeriesRows: Array<typeof couponSeries.$inferInsert> = [];
  Object.entries(defs).forEach(([key, def], i) => {
    const couponId = couponBase + i + 1;
    couponIds[key] = couponId;
    couponRows.push({
      couponId,
      couponType: def.couponType,
      name: def.name,
      description: def.description,
      discountType: def.discountType,
      discountValue: def.discountValue,
      maxDiscount: def.maxDiscount,
      minPrice: def.minPrice,
      campaignId: null,
      startAt: daysAgo(now, -def.startDays),
      endAt: daysAgo(now, -def.endDays),
      validHours: def.validHours,
      receivable: def.receivable,
      signupCoupon: def.signupCoupon,
      createdAt: daysAgo(now, -def.startDays + 1),
    });
    for (const seriesId of def.seriesIds) couponSeriesRows.push({ couponId, seriesId });
  });

  const yen300 = defs.yen300!;
  const yen300ReceivedAt = daysAgo(now, 60, memberRng);
  const orderTotal = (d: OrderDraft) => d.lines.reduce((sum, l) => sum + l.priceInc, 0);
  const couponOrder = memberDrafts
    .filter((d) => d.at > yen300ReceivedAt && d !== pointsOrder && orderTotal(d) >= yen300.minPrice)
    .sort((a, b) => orderTotal(b) - orderTotal(a))[0];
  if (couponOrder) {
    couponOrder.couponId = couponIds.yen300!;
    couponOrder.couponDiscount = Math.min(yen300.discountValue, orderTotal(couponOrder));
  }

  // ---- The crowd: Zipf-skewed purchases whose favourites shift from month to week to day.
  const crowd = crowdPlan(crowdRng, catalog, paidSeries, now);

  // ---- Orders in time order get ascending ids; then money and points are worked out.
  const drafts = [...memberDrafts, ...crowd.drafts].sort((a, b) => a.at.getTime() - b.at.getTime());
  drafts.forEach((d, i) => {
    d.orderId = orderBase + i + 1;
  });

  const memberGrants: Grant[] = [
    {
      userId: memberId,
      at: daysAgo(now, 118, memberRng),
      delta: 300,
      reason: "signup",
      expiresAt: null,
      description: "会員登録ボーナス",
    },
    {
      userId: memberId,
      at: daysAgo(now, 50, memberRng),
      delta: 400,
      reason: "campaign",
      expiresAt: null,
      description: "まとめ買いキャンペーン還元",
    },
    {
      userId: memberId,
      at: daysAgo(now, 25, memberRng),
      delta: 100,
      reason: "lottery",
      expiresAt: null,
      description: "スクラッチくじ当選",
    },
    {
      userId: memberId,
      at: daysAgo(now, 15, memberRng),
      delta: 50,
      reason: "review",
      expiresAt: null,
      description: "レビュー投稿ポイント",
    },
    ...[9, 8, 7, 6, 5].map(
      (d): Grant => ({
        userId: memberId,
        at: daysAgo(now, d, memberRng),
        delta: 10,
        reason: "stamp",
        expiresAt: null,
        description: "ログインスタンプ",
      }),
    ),
  ];
  // Expiry dates: the sign-up bonus ran out about a month ago (partly spent), the campaign and
  // lottery points run out within the next 30 days, stamps and reviews last 90 and 180 days.
  memberGrants[0]!.expiresAt = addDays(memberGrants[0]!.at, 90);
  memberGrants[1]!.expiresAt = addDays(now, 12);
  memberGrants[2]!.expiresAt = addDays(now, 5);
  memberGrants[3]!.expiresAt = addDays(memberGrants[3]!.at, 180);
  for (const g of memberGrants.slice(4)) g.expiresAt = addDays(g.at, 90);

  const ledger = new PointLedger(pointBase);
  const events: Array<{ at: Date; grant?: Grant; order?: OrderDraft }> = [
    ...memberGrants.map((grant) => ({ at: grant.at, grant })),
    ...drafts.map((order) => ({ at: order.at, order })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  const orderRows: Array<typeof orders.$inferInsert> = [];
  const orderItemRows: Array<typeof orderItems.$inferInsert> = [];
  const paymentRows: Array<typeof payments.$inferInsert> = [];
  const userItemRows: Array<typeof userItems.$inferInsert> = [];
  for (const event of events) {
    if (event.grant) {
      ledger.grant(event.grant);
      continue;
    }
    const d = event.order!;
    const price = orderTotal(d);
    const subtotal = price - d.couponDiscount;
    const usedPoint =
      d.wantPoints > 0
        ? ledger.spend(d.userId, Math.min(d.wantPoints, subtotal), d.at, d.orderId, "作品購入")
        : 0;
    const amount = subtotal - usedPoint;
    const addPoint = pointsEarned(amount);
    orderRows.push({
      orderId: d.orderId,
      userId: d.userId,
      status: "paid",
      price,
      discount: 0,
      couponDiscount: d.couponDiscount,
      usedPoint,
      subtotal,
      tax: taxContained(subtotal),
      amount,
      addPoint,
      paymentType: d.paymentType,
      couponId: d.couponId,
      idempotencyKey: `seed-order-${d.orderId}`,
      createdAt: d.at,
      updatedAt: d.at,
    });
    for (const line of d.lines) {
      orderItemRows.push({
        orderId: d.orderId,
        itemId: line.itemId,
        itemType: line.itemType,
        seriesId: line.seriesId,
        bookId: line.bookId,
        cdId: line.cdId,
        name: line.name,
        price: priceExTax(line.priceInc),
        priceInc: line.priceInc,
        discount: 0,
        createdAt: d.at,
      });
      userItemRows.push({
        userId: d.userId,
        itemId: line.itemId,
        itemType: line.itemType,
        seriesId: line.seriesId,
        bookId: line.bookId,
        cdId: line.cdId,
        source: "purchase",
        orderId: d.orderId,
        acquiredAt: d.at,
      });
    }
    if (amount > 0) {
      paymentRows.push({
        orderId: d.orderId,
        paymentType: d.paymentType,
        amount,
        status: "captured",
        providerRef: `seed-pay-${d.orderId}`,
        createdAt: d.at,
        updatedAt: d.at,
      });
    }
    if (addPoint > 0) {
      ledger.grant(
        {
          userId: d.userId,
          at: d.at,
          delta: addPoint,
          reason: "purchase",
          expiresAt: addDays(d.at, ADD_POINT_VALID_DAYS),
          description: "作品購入ポイント",
        },
        d.orderId,
      );
    }
  }

  // ---- Received coupons: one used, two waiting in the coupon list.
  const receivedRows: Array<typeof receivedCoupons.$inferInsert> = [
    {
      userId: memberId,
      couponId: couponIds.yen300!,
      receivedAt: yen300ReceivedAt,
      expiresAt: daysAgo(now, -yen300.endDays),
      usedAt: couponOrder ? couponOrder.at : null,
      orderId: couponOrder ? couponOrder.orderId : null,
    },
    {
      userId: memberId,
      couponId: couponIds.all10!,
      receivedAt: daysAgo(now, 3, memberRng),
      expiresAt: daysAgo(now, -defs.all10!.endDays),
    },
    {
      userId: memberId,
      couponId: couponIds.series30!,
      receivedAt: daysAgo(now, 1, memberRng),
      expiresAt: daysAgo(now, -defs.series30!.endDays),
    },
  ];

  // ---- Free volumes taken onto the bookshelf, and a drama CD from the present box.
  const freeVolumes: Volume[] = [];
  for (const s of shuffled(memberRng, catalog.series.slice(0, 400))) {
    if (freeVolumes.length >= 2) break;
    const index = freeIndexes(s)[0];
    if (index === undefined || owned.has(s.itemIds[index]!)) continue;
    freeVolumes.push({ series: s, index });
  }
  freeVolumes.forEach((v, i) => {
    const line = volumeLine(v);
    owned.add(line.itemId);
    userItemRows.push({
      userId: memberId,
      itemId: line.itemId,
      itemType: BOOK,
      seriesId: line.seriesId,
      bookId: line.bookId,
      source: "free",
      acquiredAt: daysAgo(now, 30 - i * 18, memberRng),
    });
  });

  const presentRows: Array<typeof presents.$inferInsert> = [];
  // The first CD: the home's 新着ボイスドラマ section always lists it (marketing.ts).
  const firstCd = catalog.dramaCds[0];
  const ownedCd = firstCd?.itemIds.length ? firstCd : undefined;
  // 気になる: the owned CD and one other.
  const cds = [...(firstCd ? [firstCd] : []), ...memberRng.sample(catalog.dramaCds.slice(1), 1)];
  if (ownedCd) {
    const sentAt = daysAgo(now, 16, memberRng);
    const receivedAt = addDays(sentAt, 1);
    presentRows.push({
      userId: memberId,
      itemId: ownedCd.itemIds[0]!,
      itemType: DRAMA_CD,
      cdId: ownedCd.cdId,
      caption: "ドラマCDプレゼント",
      message: "いつもご利用ありがとうございます。ドラマCDをプレゼントします。",
      createdAt: sentAt,
      expiresAt: addDays(sentAt, 30),
      receivedAt,
    });
    owned.add(ownedCd.itemIds[0]!);
    userItemRows.push({
      userId: memberId,
      itemId: ownedCd.itemIds[0]!,
      itemType: DRAMA_CD,
      cdId: ownedCd.cdId,
      source: "present",
      acquiredAt: receivedAt,
    });
  }
  const presentVolume = strangers[2];
  if (presentVolume) {
    const line = volumeLine({ series: presentVolume, index: paidIndexes(presentVolume)[0]! });
    presentRows.push({
      userId: memberId,
      itemId: line.itemId,
      itemType: BOOK,
      seriesId: line.seriesId,
      bookId: line.bookId,
      caption: "1巻まるごとプレゼント",
      message: "気になっていた作品の1巻をプレゼント。受け取ると本棚に追加されます。",
      createdAt: daysAgo(now, 2, memberRng),
      expiresAt: daysAgo(now, -12),
    });
  }
  presentRows.push({
    userId: memberId,
    point: 100,
    pointValidDays: 30,
    caption: "100ポイントプレゼント",
    message: "週末ログインボーナスです。受け取り期限にご注意ください。",
    createdAt: daysAgo(now, 1, memberRng),
    expiresAt: daysAgo(now, -10),
  });
  // The apology coupon is only handed out: it reaches the member through the present box.
  presentRows.push({
    userId: memberId,
    couponId: couponIds.apology!,
    caption: "お詫びクーポン 200円OFF",
    message: "ご不便をおかけしました。受け取るとクーポン一覧に追加されます。",
    createdAt: daysAgo(now, 1, memberRng),
    expiresAt: daysAgo(now, -20),
  });

  // ---- Cart, favourites, notifications, reading, viewing and search history.
  const cartRows = cartLines
    .filter((l) => !owned.has(l.itemId))
    .map((l, i) => ({
      userId: memberId,
      itemId: l.itemId,
      itemType: l.itemType,
      addedAt: daysAgo(now, 3 - i * 0.5, memberRng),
    }));

  const favoriteSeries = [...bought.slice(0, 4), ...strangers.slice(3, 5)];
  const favoriteRows = favoriteSeries.map((s, i) => ({
    userId: memberId,
    seriesId: s.seriesId,
    createdAt: daysAgo(now, 90 - i * 12, memberRng),
  }));
  const notificationRows = bought.slice(0, 3).map((s, i) => ({
    userId: memberId,
    seriesId: s.seriesId,
    createdAt: daysAgo(now, 80 - i * 10, memberRng),
  }));
  const cdFavoriteRows = cds.map((cd, i) => ({
    userId: memberId,
    cdId: cd.cdId,
    createdAt: daysAgo(now, 14 - i * 4, memberRng),
  }));

  const progressRows: Array<typeof readingProgress.$inferInsert> = [];
  bought.slice(0, 4).forEach((s, si) => {
    const volumes = ownedVolumes.get(s.seriesId)!;
    volumes.forEach((index, j) => {
      const last = j === volumes.length - 1;
      const updatedAt = daysAgo(now, 2 + si * 5 + (volumes.length - j), memberRng);
      progressRows.push({
        userId: memberId,
        bookId: s.bookIds[index]!,
        seriesId: s.seriesId,
        page: last ? memberRng.int(5, 18) : 1,
        finished: !last,
        startedAt: new Date(updatedAt.getTime() - memberRng.int(1, 48) * HOUR),
        updatedAt,
      });
    });
  });
  freeVolumes.forEach((v, i) => {
    const updatedAt = daysAgo(now, 25 - i * 18, memberRng);
    progressRows.push({
      userId: memberId,
      bookId: v.series.bookIds[v.index]!,
      seriesId: v.series.seriesId,
      page: 1,
      finished: true,
      startedAt: new Date(updatedAt.getTime() - HOUR),
      updatedAt,
    });
  });

  const viewed = [
    ...new Map(
      [
        ...bought,
        ...cartSeries,
        ...favoriteSeries,
        ...strangers,
        ...memberRng.sample(paidSeries, 15),
      ].map((s) => [s.seriesId, s] as const),
    ).values(),
  ].slice(0, 15);
  const viewRows = shuffled(memberRng, viewed).map((s, i) => ({
    userId: memberId,
    seriesId: s.seriesId,
    viewedAt: new Date(now.getTime() - (i * 22 + memberRng.int(1, 20)) * HOUR),
  }));
  const searchRows = ["異世界 転生", "溺愛", "完結 ラブコメ", "ドラマCD", "無料 ホラー"].map(
    (word, i) => ({
      userId: memberId,
      word,
      searchedAt: new Date(now.getTime() - (i * 40 + memberRng.int(1, 30)) * HOUR),
    }),
  );

  // ---- Write everything; explicit ids are followed by moving their identities on.
  await insertAll(db, coupons, couponRows);
  await insertAll(db, couponSeries, couponSeriesRows);
  await insertAll(db, orders, orderRows, 2000);
  await insertAll(db, orderItems, orderItemRows, 2000);
  await insertAll(db, payments, paymentRows, 2000);
  await insertAll(db, pointEntries, ledger.rows, 2000);
  await insertAll(db, receivedCoupons, receivedRows);
  await insertAll(db, userItems, userItemRows, 2000);
  await insertAll(db, presents, presentRows);
  await insertAll(db, cartItems, cartRows);
  await insertAll(db, seriesFavorites, [...favoriteRows, ...crowd.favorites], 2000);
  await insertAll(db, seriesNotifications, notificationRows);
  await insertAll(db, cdFavorites, cdFavoriteRows);
  await insertAll(db, readingProgress, [...progressRows, ...crowd.reads], 2000);
  await insertAll(db, seriesViews, viewRows);
  await insertAll(db, searchHistory, searchRows);
  await syncIdentity(db, [
    [orders, "order_id"],
    [coupons, "coupon_id"],
    [pointEntries, "point_entry_id"],
  ]);
}

/**
 * Synthetic buyers and readers. Order times lean towards the recent past, and each time window
 * has its own favourites (a day, a week and a month long) blended over one long-run popularity,
 * so the daily, weekly and monthly rankings differ.
 */
function crowdPlan(rng: Rng, catalog: CatalogSummary, paidSeries: SeriesEntry[], now: Date) {
  const drafts: OrderDraft[] = [];
  const reads: Array<typeof readingProgress.$inferInsert> = [];
  const favorites: Array<typeof seriesFavorites.$inferInsert> = [];
  if (paidSeries.length === 0) return { drafts, reads, favorites };

  const target = Math.min(6000, Math.max(1500, catalog.series.length * 2));
  const buyers = Math.max(200, Math.floor(target / 3));
  const longRun = zipfPicker(rng, paidSeries);
  const month = zipfPicker(rng, paidSeries);
  const week = zipfPicker(rng, paidSeries);
  const day = zipfPicker(rng, paidSeries);
  const withFree = catalog.series.filter((s) => freeIndexes(s).length > 0);
  const freeRead = withFree.length > 0 ? zipfPicker(rng, withFree) : longRun;
  const pickAt = (ago: number): SeriesEntry => {
    if (ago < DAY && rng.chance(0.6)) return day();
    if (ago < 7 * DAY && rng.chance(0.5)) return week();
    if (ago < 30 * DAY && rng.chance(0.4)) return month();
    return longRun();
  };
  const agoMs = () => rng.next() ** 1.4 * CROWD_DAYS * DAY;

  const bought = new Set<string>();
  let lines = 0;
  // A tiny catalog may not have enough distinct (buyer, volume) pairs; stop trying after a while.
  for (let attempt = 0; lines < target && attempt < target * 5; attempt++) {
    const ago = agoMs();
    const series = pickAt(ago);
    const paid = paidIndexes(series);
    const userId = SYNTHETIC_USER_BASE + rng.int(0, buyers - 1);
    const start = rng.chance(0.5) ? 0 : rng.int(0, paid.length - 1);
    const count = rng.chance(0.6) ? 1 : rng.chance(0.6) ? 2 : 3;
    const orderLines: Line[] = [];
    for (const index of paid.slice(start, start + count)) {
      const key = `${userId}:${series.itemIds[index]}`;
      if (bought.has(key)) continue;
      bought.add(key);
      orderLines.push(volumeLine({ series, index }));
    }
    if (orderLines.length === 0) continue;
    lines += orderLines.length;
    drafts.push({
      userId,
      at: new Date(now.getTime() - ago),
      lines: orderLines,
      paymentType: rng.int(1, PAYMENT_METHODS.length),
      couponId: null,
      couponDiscount: 0,
      wantPoints: 0,
      orderId: 0,
    });
  }

  const readKeys = new Set<string>();
  for (let i = 0; i < target; i++) {
    const ago = agoMs();
    const series = rng.chance(0.3) ? freeRead() : pickAt(ago);
    const free = freeIndexes(series);
    let index = 0;
    if (free.length > 0 && rng.chance(0.5)) index = rng.pick(free);
    else while (index < series.bookIds.length - 1 && rng.chance(0.45)) index++;
    const userId = SYNTHETIC_USER_BASE + rng.int(0, buyers * 2 - 1);
    const bookId = series.bookIds[index];
    if (bookId === undefined) continue;
    const key = `${userId}:${bookId}`;
    if (readKeys.has(key)) continue;
    readKeys.add(key);
    const updatedAt = new Date(now.getTime() - ago);
    const finished = rng.chance(0.35);
    reads.push({
      userId,
      bookId,
      seriesId: series.seriesId,
      page: finished ? 1 : rng.int(2, 24),
      finished,
      startedAt: new Date(updatedAt.getTime() - rng.int(0, 72) * HOUR),
      updatedAt,
    });
  }

  const favoriteKeys = new Set<string>();
  for (let i = 0; i < target / 2; i++) {
    const series = longRun();
    const userId = SYNTHETIC_USER_BASE + rng.int(0, buyers * 2 - 1);
    const key = `${userId}:${series.seriesId}`;
    if (favoriteKeys.has(key)) continue;
    favoriteKeys.add(key);
    favorites.push({
      userId,
      seriesId: series.seriesId,
      createdAt: new Date(now.getTime() - rng.next() * 180 * DAY),
    });
  }
  return { drafts, reads, favorites };
}
