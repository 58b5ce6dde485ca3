import { and, count, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { Conflict, NotFound } from "../../lib/errors";
import { type Coupon, couponItems, couponSeries, coupons, receivedCoupons } from "./schema";

/** What a coupon applies to, as coupon_type says (schema.ts). */
export type CouponTarget =
  | { kind: "all" }
  | { kind: "campaign"; campaignId: number }
  | { kind: "series"; seriesIds: number[] }
  | { kind: "volumes"; itemIds: number[] }
  | { kind: "genre"; genreId: number };

/** Everything the pricing service needs to decide whether a coupon applies and how much it takes. */
export interface CouponRules {
  couponId: number;
  couponType: number;
  name: string;
  discount:
    | { type: "percent"; percent: number; maxYen: number | null }
    | { type: "yen"; yen: number };
  /** Smallest total (tax included) of the items it applies to. */
  minPrice: number;
  target: CouponTarget;
  startAt: Date;
  endAt: Date;
  signupCoupon: boolean;
}

/** The rules of these coupons, in id order; unknown ids are left out. */
export async function couponRules(db: Db, couponIds: readonly number[]): Promise<CouponRules[]> {
  const ids = [...new Set(couponIds)];
  if (ids.length === 0) return [];
  const [rows, listedSeries, listedItems] = await Promise.all([
    db.select().from(coupons).where(inArray(coupons.couponId, ids)).orderBy(coupons.couponId),
    db.select().from(couponSeries).where(inArray(couponSeries.couponId, ids)),
    db.select().from(couponItems).where(inArray(couponItems.couponId, ids)),
  ]);
  return rows.map((c) => {
    let target: CouponTarget;
    if (c.couponType === 2) target = { kind: "campaign", campaignId: c.campaignId! };
    else if (c.couponType === 3)
      target = {
        kind: "series",
        seriesIds: listedSeries.filter((s) => s.couponId === c.couponId).map((s) => s.seriesId),
      };
    else if (c.couponType === 4)
      target = {
        kind: "volumes",
        itemIds: listedItems.filter((s) => s.couponId === c.couponId).map((s) => s.itemId),
      };
    else if (c.couponType === 5) target = { kind: "genre", genreId: c.genreId! };
    else target = { kind: "all" };
    return {
      couponId: c.couponId,
      couponType: c.couponType,
      name: c.name,
      discount:
        c.discountType === 1
          ? { type: "percent", percent: c.discountValue, maxYen: c.maxDiscount }
          : { type: "yen", yen: c.discountValue },
      minPrice: c.minPrice,
      target,
      startAt: c.startAt,
      endAt: c.endAt,
      signupCoupon: c.signupCoupon,
    };
  });
}

/** Coupons the member holds and may use now: received, unused, started and not run out. */
export async function usableCouponIds(db: Db, userId: number, now: Date): Promise<number[]> {
  const rows = await db
    .select({ couponId: receivedCoupons.couponId })
    .from(receivedCoupons)
    .innerJoin(coupons, eq(coupons.couponId, receivedCoupons.couponId))
    .where(
      and(
        eq(receivedCoupons.userId, userId),
        isNull(receivedCoupons.usedAt),
        gt(receivedCoupons.expiresAt, now),
        lte(coupons.startAt, now),
      ),
    )
    .orderBy(receivedCoupons.couponId);
  return rows.map((r) => r.couponId);
}

export const COUPON_NOT_USABLE = "このクーポンはご利用いただけません";

/**
 * Locks the member's coupon for the checkout transaction (select … for update) and answers its
 * rules. Throws Conflict when the member does not hold it, has used it, or it is not running.
 * Take it after lockPoints: points first, then the coupon.
 */
export async function lockCouponForUse(
  tx: Tx,
  userId: number,
  couponId: number,
  now: Date,
): Promise<CouponRules> {
  const [held] = await tx
    .select({ usedAt: receivedCoupons.usedAt, expiresAt: receivedCoupons.expiresAt })
    .from(receivedCoupons)
    .where(and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.couponId, couponId)))
    .for("update");
  const [rules] = await couponRules(tx, [couponId]);
  if (!held || !rules) throw new Conflict(COUPON_NOT_USABLE, { field: "coupon" });
  if (held.usedAt) throw new Conflict("このクーポンは使用済みです", { field: "coupon" });
  if (held.expiresAt <= now || rules.startAt > now || rules.endAt <= now) {
    throw new Conflict("このクーポンは利用期間外です", { field: "coupon" });
  }
  return rules;
}

/**
 * Marks the coupon used by the order: one conditional update (where used_at is null) on the one
 * row (user, coupon) the unique key allows, so a coupon is spent at most once even without the
 * lock. Throws Conflict when it was already used.
 */
export async function markCouponUsed(
  tx: Tx,
  input: { userId: number; couponId: number; orderId: number; now: Date },
): Promise<void> {
  const done = await tx
    .update(receivedCoupons)
    .set({ usedAt: input.now, orderId: input.orderId })
    .where(
      and(
        eq(receivedCoupons.userId, input.userId),
        eq(receivedCoupons.couponId, input.couponId),
        isNull(receivedCoupons.usedAt),
      ),
    )
    .returning({ id: receivedCoupons.receivedCouponId });
  if (done.length === 0) throw new Conflict("このクーポンは使用済みです", { field: "coupon" });
}

/** A cancelled order's coupon becomes usable again (until its own expiry). */
export async function releaseCoupon(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(receivedCoupons)
    .set({ usedAt: null, orderId: null })
    .where(eq(receivedCoupons.orderId, orderId));
}

/**
 * A wholly refunded order's coupon (decision 0104): it comes back only while both the member's
 * copy and the coupon itself still run; past its dates it stays used, the record of the order it
 * went to, since handing back a coupon nobody can use would only say something untrue. Answers
 * whether it came back.
 */
export async function returnUsableCoupon(tx: Tx, orderId: number, now: Date): Promise<boolean> {
  const back = await tx
    .update(receivedCoupons)
    .set({ usedAt: null, orderId: null })
    .where(
      and(
        eq(receivedCoupons.orderId, orderId),
        gt(receivedCoupons.expiresAt, now),
        sql`exists (select 1 from ${coupons} where ${coupons.couponId} = ${receivedCoupons.couponId} and ${coupons.endAt} > ${now.toISOString()})`,
      ),
    )
    .returning({ id: receivedCoupons.receivedCouponId });
  return back.length > 0;
}

/**
 * Until when a copy handed out at `now` is usable: the coupon's end, or valid_hours after now
 * (after its start, for one announced ahead) when that comes first.
 */
export function heldUntil(
  coupon: Pick<Coupon, "startAt" | "endAt" | "validHours">,
  now: Date,
): Date {
  const byHours = coupon.validHours
    ? new Date(Math.max(now.getTime(), coupon.startAt.getTime()) + coupon.validHours * 3_600_000)
    : coupon.endAt;
  return new Date(Math.min(byHours.getTime(), coupon.endAt.getTime()));
}

/** Copies of a coupon handed out so far, used or not. */
export async function issuedCount(db: Db, couponId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(receivedCoupons)
    .where(eq(receivedCoupons.couponId, couponId));
  return row?.n ?? 0;
}

/**
 * Locks a coupon's row for handing copies out and answers it with the copies left under its
 * stock (null: no limit). Every hand-out of a coupon with a stock takes this lock first, so two
 * never both take the last copy.
 */
export async function lockCouponStock(
  tx: Tx,
  couponId: number,
): Promise<{ coupon: Coupon; left: number | null } | null> {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(eq(coupons.couponId, couponId))
    .for("update");
  if (!coupon) return null;
  if (coupon.stock === null) return { coupon, left: null };
  return { coupon, left: Math.max(0, coupon.stock - (await issuedCount(tx, couponId))) };
}

/**
 * Puts a coupon in the member's hands, usable until heldUntil. A second grant changes nothing
 * (unique user+coupon), nor does one past the coupon's stock. Answers true when this call
 * granted it.
 */
export async function grantCoupon(
  db: Db,
  userId: number,
  couponId: number,
  now: Date,
): Promise<boolean> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.couponId, couponId));
  if (!coupon) throw new NotFound("クーポンが見つかりませんでした");
  const insert = (tx: Db) =>
    tx
      .insert(receivedCoupons)
      .values({ userId, couponId, receivedAt: now, expiresAt: heldUntil(coupon, now) })
      .onConflictDoNothing()
      .returning({ id: receivedCoupons.receivedCouponId });
  if (coupon.stock === null) return (await insert(db)).length > 0;
  return db.transaction(async (tx) => {
    const locked = await lockCouponStock(tx, couponId);
    if (!locked || locked.left === 0) return false;
    return (await insert(tx)).length > 0;
  });
}

/**
 * Hands one coupon to many members in the caller's transaction (the ops issue): under the stock
 * lock, copies go to those who do not hold it yet, in the order given, while the stock lasts.
 * Answers who got one, who already held it and who was left out by the stock.
 */
export async function issueCoupon(
  tx: Tx,
  couponId: number,
  userIds: readonly number[],
  now: Date,
): Promise<{ issued: number[]; alreadyHeld: number; overStock: number }> {
  const locked = await lockCouponStock(tx, couponId);
  if (!locked) throw new NotFound("クーポンが見つかりませんでした");
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return { issued: [], alreadyHeld: 0, overStock: 0 };
  const holding = new Set(
    (
      await tx
        .select({ userId: receivedCoupons.userId })
        .from(receivedCoupons)
        .where(and(eq(receivedCoupons.couponId, couponId), inArray(receivedCoupons.userId, wanted)))
    ).map((r) => r.userId),
  );
  const fresh = wanted.filter((id) => !holding.has(id));
  const taking = locked.left === null ? fresh : fresh.slice(0, locked.left);
  const expiresAt = heldUntil(locked.coupon, now);
  const issued =
    taking.length === 0
      ? []
      : (
          await tx
            .insert(receivedCoupons)
            .values(taking.map((userId) => ({ userId, couponId, receivedAt: now, expiresAt })))
            .onConflictDoNothing()
            .returning({ userId: receivedCoupons.userId })
        ).map((r) => r.userId);
  return {
    issued,
    alreadyHeld: wanted.length - fresh.length + (taking.length - issued.length),
    overStock: fresh.length - taking.length,
  };
}

/**
 * /api/coupon_receive: a member takes a receivable coupon that has not ended. Receiving twice is
 * no error and changes nothing.
 */
export async function receiveCoupon(
  db: Db,
  userId: number,
  couponId: number,
  now: Date,
): Promise<{ received: boolean }> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.couponId, couponId));
  if (!coupon?.receivable) throw new NotFound("クーポンが見つかりませんでした");
  if (coupon.endAt <= now) throw new Conflict("このクーポンの配布は終了しました");
  const received = await grantCoupon(db, userId, couponId, now);
  if (!received && coupon.stock !== null) {
    const [held] = await db
      .select({ id: receivedCoupons.receivedCouponId })
      .from(receivedCoupons)
      .where(and(eq(receivedCoupons.userId, userId), eq(receivedCoupons.couponId, couponId)));
    if (!held) throw new Conflict("このクーポンは配布枚数の上限に達しました");
  }
  return { received };
}

/** Sign-up: every running sign-up coupon is handed to the new member, its countdown starting now. */
export async function grantSignupCoupons(db: Db, userId: number, now: Date): Promise<number[]> {
  const running = await db
    .select({ couponId: coupons.couponId })
    .from(coupons)
    .where(and(eq(coupons.signupCoupon, true), lte(coupons.startAt, now), gt(coupons.endAt, now)));
  const granted: number[] = [];
  for (const c of running)
    if (await grantCoupon(db, userId, c.couponId, now)) granted.push(c.couponId);
  return granted;
}

export interface MemberCouponRow {
  coupon: typeof coupons.$inferSelect;
  held: { expiresAt: Date; usedAt: Date | null } | null;
}

/** Used or run-out coupons stay on the member's list this long, greyed out. */
const SHOW_SPENT_DAYS = 30;

/**
 * The coupon page's list: coupons the member holds (recently used or run out ones greyed) and the
 * receivable coupons running or announced that they have not taken yet. Campaign-bound coupons
 * (coupon_type 2) are taken on their campaign's coupon page, not here, unless held.
 */
export async function memberCoupons(db: Db, userId: number, now: Date): Promise<MemberCouponRow[]> {
  const since = new Date(now.getTime() - SHOW_SPENT_DAYS * 86_400_000);
  const [held, offered] = await Promise.all([
    db
      .select({
        coupon: coupons,
        expiresAt: receivedCoupons.expiresAt,
        usedAt: receivedCoupons.usedAt,
      })
      .from(receivedCoupons)
      .innerJoin(coupons, eq(coupons.couponId, receivedCoupons.couponId))
      .where(and(eq(receivedCoupons.userId, userId), gt(receivedCoupons.expiresAt, since))),
    db
      .select()
      .from(coupons)
      .where(
        and(
          eq(coupons.receivable, true),
          eq(coupons.signupCoupon, false),
          gt(coupons.endAt, now),
          inArray(coupons.couponType, [1, 3, 4, 5]),
          // One whose stock is all handed out has nothing left to receive.
          sql`(${coupons.stock} is null or ${coupons.stock} > (select count(*) from ${receivedCoupons} where ${receivedCoupons.couponId} = ${coupons.couponId}))`,
        ),
      ),
  ]);
  const heldIds = new Set(held.map((h) => h.coupon.couponId));
  const rows: MemberCouponRow[] = [
    ...held.map((h) => ({ coupon: h.coupon, held: { expiresAt: h.expiresAt, usedAt: h.usedAt } })),
    ...offered.filter((c) => !heldIds.has(c.couponId)).map((c) => ({ coupon: c, held: null })),
  ];
  const usable = (r: MemberCouponRow) =>
    r.held !== null && !r.held.usedAt && r.held.expiresAt > now && r.coupon.startAt <= now;
  // Usable first, soonest ending first; then those to receive; then spent ones.
  const rank = (r: MemberCouponRow) => (usable(r) ? 0 : r.held === null ? 1 : 2);
  const end = (r: MemberCouponRow) => (r.held?.expiresAt ?? r.coupon.endAt).getTime();
  return rows.sort(
    (a, b) => rank(a) - rank(b) || end(a) - end(b) || a.coupon.couponId - b.coupon.couponId,
  );
}

/** Running coupons of one coupon campaign (coupon_type 2), with whether the member holds each. */
export async function campaignCoupons(
  db: Db,
  userId: number,
  campaignId: number,
  now: Date,
): Promise<MemberCouponRow[]> {
  const rows = await db
    .select({
      coupon: coupons,
      expiresAt: receivedCoupons.expiresAt,
      usedAt: receivedCoupons.usedAt,
    })
    .from(coupons)
    .leftJoin(
      receivedCoupons,
      and(eq(receivedCoupons.couponId, coupons.couponId), eq(receivedCoupons.userId, userId)),
    )
    .where(and(eq(coupons.campaignId, campaignId), gt(coupons.endAt, now)))
    .orderBy(coupons.couponId);
  return rows.map((r) => ({
    coupon: r.coupon,
    held: r.expiresAt ? { expiresAt: r.expiresAt, usedAt: r.usedAt } : null,
  }));
}
