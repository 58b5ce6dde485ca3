import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  max,
  or,
  sql,
  sum,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTokyo } from "../../lib/tokyo-sql";
import { priceItems } from "../pricing/quote";
import {
  cartItems,
  couponSeries,
  coupons,
  orderItems,
  orders,
  paymentCards,
  paymentMethods,
  pointEntries,
  receivedCoupons,
} from "./schema";

/** How much and how often a member has paid: drives is_paid, pay_count and month_pay_max. */
export async function paymentSummary(db: Db, userId: number) {
  const [totals] = await db
    .select({ payCount: count(), lastPaidAt: max(orders.createdAt) })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid")));
  const monthly = db
    .select({
      total: sum(orders.amount).as("total"),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid")))
    .groupBy(sql`date_trunc('month', ${inTokyo(orders.createdAt)})`)
    .as("monthly");
  const [best] = await db.select({ monthPayMax: max(monthly.total) }).from(monthly);
  return {
    payCount: totals?.payCount ?? 0,
    lastPaidAt: totals?.lastPaidAt ? new Date(totals.lastPaidAt) : null,
    monthPayMax: Number(best?.monthPayMax ?? 0),
  };
}

/** Unexpired points: the ledger's entries carry their lot's expiry, so a plain sum is exact. */
export async function pointBalance(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ balance: sum(pointEntries.delta) })
    .from(pointEntries)
    .where(
      and(
        eq(pointEntries.userId, userId),
        or(isNull(pointEntries.expiresAt), gt(pointEntries.expiresAt, now)),
      ),
    );
  return Math.max(0, Number(row?.balance ?? 0));
}

/** The cart badge: how many items, and what they cost now (sale prices, as the cart totals). */
export async function cartSummary(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ count: number; price: number }> {
  const rows = await db
    .select({ itemId: cartItems.itemId })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  const prices = await priceItems(
    db,
    rows.map((r) => r.itemId),
    now,
  );
  return {
    count: rows.length,
    price: prices.filter((p) => p.buyable).reduce((total, p) => total + p.salePrice, 0),
  };
}

/** Seconds the 50% OFF special sale runs for a member after the sign-up coupon ends unused. */
export const SPECIAL_SALE_SECONDS = 72 * 3600;

export interface CouponSummary {
  enabled: number[];
  used: number[];
  received: number[];
  upcoming: number[];
  signupCouponExpireSeconds: number;
  specialSaleExpireSeconds: number;
}

export async function couponSummary(db: Db, userId: number, now: Date): Promise<CouponSummary> {
  const held = await db
    .select({
      couponId: receivedCoupons.couponId,
      expiresAt: receivedCoupons.expiresAt,
      usedAt: receivedCoupons.usedAt,
      startAt: coupons.startAt,
      signupCoupon: coupons.signupCoupon,
    })
    .from(receivedCoupons)
    .innerJoin(coupons, eq(coupons.couponId, receivedCoupons.couponId))
    .where(eq(receivedCoupons.userId, userId))
    .orderBy(receivedCoupons.couponId);
  const upcoming = await db
    .select({ couponId: coupons.couponId })
    .from(coupons)
    .where(and(eq(coupons.receivable, true), gt(coupons.startAt, now)))
    .orderBy(coupons.couponId);
  const live = (c: (typeof held)[number]) => !c.usedAt && c.startAt <= now && c.expiresAt > now;
  const signup = held.find((c) => c.signupCoupon);
  const secondsLeft = (until: Date) =>
    Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000));
  const signupLeft = signup && live(signup) ? secondsLeft(signup.expiresAt) : 0;
  // The special sale follows an unused sign-up coupon that ran out: a second chance to buy.
  const specialLeft =
    signup && !signup.usedAt && signup.expiresAt <= now
      ? secondsLeft(new Date(signup.expiresAt.getTime() + SPECIAL_SALE_SECONDS * 1000))
      : 0;
  return {
    enabled: held.filter(live).map((c) => c.couponId),
    used: held.filter((c) => c.usedAt).map((c) => c.couponId),
    received: held.map((c) => c.couponId),
    upcoming: upcoming.map((c) => c.couponId),
    signupCouponExpireSeconds: signupLeft,
    specialSaleExpireSeconds: specialLeft,
  };
}

/** Leaving: the cart and unused coupons go; orders, payments and the ledger stay for accounting. */
export async function forgetMemberCommerce(db: Db, userId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  // Saved cards go with the account (decision 0111); the provider's copies are no longer reachable.
  await db.delete(paymentCards).where(eq(paymentCards.userId, userId));
  await db
    .delete(receivedCoupons)
    .where(and(eq(receivedCoupons.userId, userId), isNull(receivedCoupons.usedAt)));
}

/** The member's cart, or the part of it among itemIds (cart_flag, cart_items). */
export async function cartItemIds(
  db: Db,
  userId: number,
  itemIds?: readonly number[],
): Promise<number[]> {
  if (itemIds && itemIds.length === 0) return [];
  const rows = await db
    .select({ itemId: cartItems.itemId })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        itemIds ? inArray(cartItems.itemId, [...new Set(itemIds)]) : undefined,
      ),
    )
    .orderBy(asc(cartItems.addedAt));
  return rows.map((r) => r.itemId);
}

export interface SeriesCouponRow {
  couponId: number;
  couponType: number;
  name: string;
  discountType: number;
  discountValue: number;
  campaignId: number | null;
  endAt: Date;
  receivable: boolean;
}

/**
 * Running coupons made for one series: those listing it (coupon_type 3) and those of the coupon
 * campaigns that target it (coupon_type 2). Store-wide coupons (type 1) are left out: they say
 * nothing about this series.
 */
export async function runningCouponsForSeries(
  db: Db,
  seriesId: number,
  couponCampaignIds: readonly number[],
  now: Date,
): Promise<SeriesCouponRow[]> {
  const running = and(lte(coupons.startAt, now), gt(coupons.endAt, now));
  const columns = {
    couponId: coupons.couponId,
    couponType: coupons.couponType,
    name: coupons.name,
    discountType: coupons.discountType,
    discountValue: coupons.discountValue,
    campaignId: coupons.campaignId,
    endAt: coupons.endAt,
    receivable: coupons.receivable,
  };
  const [listed, ofCampaigns] = await Promise.all([
    db
      .select(columns)
      .from(couponSeries)
      .innerJoin(coupons, eq(coupons.couponId, couponSeries.couponId))
      .where(and(eq(couponSeries.seriesId, seriesId), eq(coupons.couponType, 3), running)),
    couponCampaignIds.length === 0
      ? Promise.resolve([])
      : db
          .select(columns)
          .from(coupons)
          .where(
            and(
              eq(coupons.couponType, 2),
              inArray(coupons.campaignId, [...new Set(couponCampaignIds)]),
              running,
            ),
          ),
  ]);
  const byId = new Map<number, SeriesCouponRow>();
  for (const c of [...listed, ...ofCampaigns]) byId.set(c.couponId, c);
  return [...byId.values()].sort((a, b) => a.couponId - b.couponId);
}

/** Which of these coupons the member holds, and whether each is used or still valid. */
export async function heldCoupons(
  db: Db,
  userId: number,
  couponIds: readonly number[],
): Promise<Array<{ couponId: number; expiresAt: Date; usedAt: Date | null }>> {
  if (couponIds.length === 0) return [];
  return db
    .select({
      couponId: receivedCoupons.couponId,
      expiresAt: receivedCoupons.expiresAt,
      usedAt: receivedCoupons.usedAt,
    })
    .from(receivedCoupons)
    .where(
      and(
        eq(receivedCoupons.userId, userId),
        inArray(receivedCoupons.couponId, [...new Set(couponIds)]),
      ),
    );
}

/**
 * Volumes bought in paid orders between since (exclusive) and until (inclusive), per series:
 * what sales rankings and the 人気 search order count.
 */
export async function purchasedVolumesBySeries(
  db: Db,
  since: Date,
  until: Date,
): Promise<Array<{ seriesId: number; count: number }>> {
  const rows = await db
    .select({ seriesId: orderItems.seriesId, count: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
    .where(
      and(
        gt(orderItems.createdAt, since),
        lte(orderItems.createdAt, until),
        eq(orderItems.itemType, 0),
        eq(orders.status, "paid"),
        sql`${orderItems.seriesId} is not null`,
      ),
    )
    .groupBy(orderItems.seriesId);
  return rows.map((r) => ({ seriesId: r.seriesId!, count: Number(r.count) }));
}

/** Receivable coupons running now that the member does not hold yet (is_new_apply_coupon). */
export async function receivableCouponIds(db: Db, userId: number, now: Date): Promise<number[]> {
  const rows = await db
    .select({ couponId: coupons.couponId })
    .from(coupons)
    .leftJoin(
      receivedCoupons,
      and(eq(receivedCoupons.couponId, coupons.couponId), eq(receivedCoupons.userId, userId)),
    )
    .where(
      and(
        eq(coupons.receivable, true),
        lte(coupons.startAt, now),
        gt(coupons.endAt, now),
        isNull(receivedCoupons.receivedCouponId),
      ),
    )
    .orderBy(coupons.couponId);
  return rows.map((r) => r.couponId);
}

/** The payment types offered at checkout, in their order (the placeholder is not stored). */
export async function offeredPaymentTypes(
  db: Db,
): Promise<Array<{ payment_type: number; name: string }>> {
  const rows = await db
    .select({ paymentType: paymentMethods.paymentType, name: paymentMethods.name })
    .from(paymentMethods)
    .where(eq(paymentMethods.enabled, true))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.paymentType));
  return rows.map((r) => ({ payment_type: r.paymentType, name: r.name }));
}

/** The payment type of the member's last paid order; 0 when none (last_payment). */
export async function lastPaymentType(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ paymentType: orders.paymentType })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid")))
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(1);
  return row?.paymentType ?? 0;
}
