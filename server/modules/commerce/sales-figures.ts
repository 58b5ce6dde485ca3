import { and, asc, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTokyo } from "../../lib/tokyo-sql";
import { POINTS_ONLY_PAYMENT_TYPE } from "./payments/provider";
import { coupons, orderRefunds, orders, paymentMethods } from "./schema";

/**
 * The shop's sales figures per Tokyo day (the ops dashboard, issue 24). An order counts on the
 * day it was placed once its payment went through: paid, or refunded later by support (the
 * refund is counted apart, on the Tokyo day support gave it: refundsByDay). Every order query
 * reads orders_created_figures_idx only, an index-only range scan on created_at, never the
 * order rows; the dashboard asks one day at a time and keeps closed days (decision 0103).
 */
const SOLD = inArray(orders.status, ["paid", "refunded"]);
const tokyoDay = sql<string>`to_char(${inTokyo(orders.createdAt)}, 'YYYY-MM-DD')`;

export interface DailySales {
  day: string;
  orders: number;
  /** Tax included, after campaign and coupon reductions, points included (what was bought). */
  sales: number;
  /** Orders with a campaign sale price on at least one line, and those reductions. */
  saleOrders: number;
  saleDiscount: number;
  couponOrders: number;
  couponDiscount: number;
  usedPoints: number;
}

export async function salesByDay(db: Db, start: Date, end: Date): Promise<DailySales[]> {
  const rows = await db
    .select({
      day: tokyoDay,
      orders: sql<number>`count(*)::int`,
      sales: sql<number>`coalesce(sum(${orders.subtotal}), 0)::bigint`,
      saleOrders: sql<number>`(count(*) filter (where ${orders.discount} > 0))::int`,
      saleDiscount: sql<number>`coalesce(sum(${orders.discount}), 0)::bigint`,
      couponOrders: sql<number>`(count(*) filter (where ${orders.couponId} is not null))::int`,
      couponDiscount: sql<number>`coalesce(sum(${orders.couponDiscount}), 0)::bigint`,
      usedPoints: sql<number>`coalesce(sum(${orders.usedPoint}), 0)::bigint`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), SOLD))
    .groupBy(tokyoDay)
    .orderBy(tokyoDay);
  return rows.map((r) => ({
    ...r,
    sales: Number(r.sales),
    saleDiscount: Number(r.saleDiscount),
    couponDiscount: Number(r.couponDiscount),
    usedPoints: Number(r.usedPoints),
  }));
}

export interface DailyRefunds {
  day: string;
  /**
   * What went back, in the terms of `sales`: the yen paid back plus the points given back. The
   * coupon's share was never paid, so it is in neither figure.
   */
  refunds: number;
}

/**
 * Refunds per Tokyo day they were given (decisions 0096, 0104), whatever day the order was placed:
 * a refund moves that day's money, and a closed day's figures never change by a later refund.
 * No index on created_at: order_refunds is small beside orders (a line refunded now and then),
 * and one day's read is a short sequential scan (decision 0103).
 */
export async function refundsByDay(db: Db, start: Date, end: Date): Promise<DailyRefunds[]> {
  const refundDay = sql<string>`to_char(${inTokyo(orderRefunds.createdAt)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day: refundDay,
      refunds: sql<number>`coalesce(sum(${orderRefunds.amount} + ${orderRefunds.point}), 0)::bigint`,
    })
    .from(orderRefunds)
    .where(and(gte(orderRefunds.createdAt, start), lt(orderRefunds.createdAt, end)))
    .groupBy(refundDay)
    .orderBy(refundDay);
  return rows.map((r) => ({ ...r, refunds: Number(r.refunds) }));
}

export interface DailyPaymentTypeSales {
  day: string;
  paymentType: number;
  orders: number;
  /** Yen charged to the payment type (points excluded). */
  amount: number;
}

/** Orders per Tokyo day and payment type; an order points paid in full is POINTS_ONLY_PAYMENT_TYPE. */
export async function salesByPaymentType(
  db: Db,
  start: Date,
  end: Date,
): Promise<DailyPaymentTypeSales[]> {
  // The constant is written into the statement: bound, it would be a different parameter in
  // SELECT and GROUP BY, and PostgreSQL would not see one expression.
  const paymentType = sql<number>`(case when ${orders.amount} = 0 and ${orders.usedPoint} > 0 then ${sql.raw(String(POINTS_ONLY_PAYMENT_TYPE))} else ${orders.paymentType} end)::int`;
  const rows = await db
    .select({
      day: tokyoDay,
      paymentType,
      orders: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), SOLD))
    .groupBy(tokyoDay, paymentType)
    .orderBy(tokyoDay, paymentType);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The checkout's payment types with their names, in the checkout's order, and points-only last. */
export async function paymentTypeNames(
  db: Db,
): Promise<Array<{ paymentType: number; name: string }>> {
  const rows = await db
    .select({ paymentType: paymentMethods.paymentType, name: paymentMethods.name })
    .from(paymentMethods)
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.paymentType));
  return [...rows, { paymentType: POINTS_ONLY_PAYMENT_TYPE, name: "ポイント払い" }];
}

/** One coupon's use on the orders of a range. */
export interface CouponUse {
  couponId: number;
  orders: number;
  discount: number;
}

/** Each coupon used on orders placed in [start, end): how often and how much it took off. */
export async function couponsUsedOnOrders(db: Db, start: Date, end: Date): Promise<CouponUse[]> {
  const rows = await db
    .select({
      couponId: sql<number>`${orders.couponId}`,
      orders: sql<number>`count(*)::int`,
      discount: sql<number>`coalesce(sum(${orders.couponDiscount}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        SOLD,
        isNotNull(orders.couponId),
      ),
    )
    .groupBy(orders.couponId);
  return rows.map((r) => ({ ...r, discount: Number(r.discount) }));
}

/** Coupons' names and the coupon campaign each belongs to (null: a coupon of its own). */
export async function couponNames(
  db: Db,
  couponIds: readonly number[],
): Promise<Map<number, { name: string; campaignId: number | null }>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ couponId: coupons.couponId, name: coupons.name, campaignId: coupons.campaignId })
    .from(coupons)
    .where(inArray(coupons.couponId, [...couponIds]));
  return new Map(rows.map((r) => [r.couponId, { name: r.name, campaignId: r.campaignId }]));
}
