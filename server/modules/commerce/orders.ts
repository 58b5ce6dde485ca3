import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTokyo } from "../../lib/tokyo-sql";
import {
  coupons,
  type Order,
  type OrderItem,
  orderItems,
  orderRefunds,
  orders,
  paymentMethods,
  payments,
} from "./schema";

export interface OrderRecord {
  order: Order;
  items: OrderItem[];
  /** The order's refunded lines (decision 0096): order item id → yen and points given back. */
  refunds: Map<number, { amount: number; point: number }>;
  paymentName: string;
  couponName: string | null;
}

const tokyoMonthOf = sql<string>`to_char(${inTokyo(orders.createdAt)}, 'YYYYMM')`;

/** The Tokyo months ("202611") the member ordered in, newest first. */
export async function orderMonths(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: tokyoMonthOf })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(tokyoMonthOf));
  return rows.map((r) => r.month);
}

/** Start of a Tokyo month as an instant: "202611" → 2026-10-31T15:00:00Z. */
function tokyoMonthStart(month: string, offsetMonths = 0): Date {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(4, 6)) - 1 + offsetMonths;
  return new Date(Date.UTC(Math.floor(index / 12), index % 12, 1, -9));
}

async function withDetails(db: Db, found: Order[]): Promise<OrderRecord[]> {
  if (found.length === 0) return [];
  const ids = found.map((o) => o.orderId);
  const couponIds = [...new Set(found.flatMap((o) => (o.couponId ? [o.couponId] : [])))];
  const [lines, methods, couponRows, refundRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderItemId)),
    db.select().from(paymentMethods),
    couponIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ couponId: coupons.couponId, name: coupons.name })
          .from(coupons)
          .where(inArray(coupons.couponId, couponIds)),
    db
      .select({
        orderId: orderRefunds.orderId,
        orderItemId: orderRefunds.orderItemId,
        amount: orderRefunds.amount,
        point: orderRefunds.point,
      })
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, ids)),
  ]);
  const methodName = new Map(methods.map((m) => [m.paymentType, m.name]));
  const couponName = new Map(couponRows.map((c) => [c.couponId, c.name]));
  return found.map((order) => ({
    order,
    items: lines.filter((l) => l.orderId === order.orderId),
    refunds: new Map(
      refundRows
        .filter((r) => r.orderId === order.orderId)
        .map((r) => [r.orderItemId, { amount: r.amount, point: r.point }]),
    ),
    // An order points paid in full charged nothing to its payment type.
    paymentName:
      order.amount === 0 && order.usedPoint > 0
        ? "ポイント払い"
        : (methodName.get(order.paymentType) ?? "その他"),
    couponName: order.couponId ? (couponName.get(order.couponId) ?? null) : null,
  }));
}

/** The member's orders placed in one Tokyo month, newest first, with their items. */
export async function ordersInMonth(db: Db, userId: number, month: string): Promise<OrderRecord[]> {
  const found = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        gte(orders.createdAt, tokyoMonthStart(month)),
        lt(orders.createdAt, tokyoMonthStart(month, 1)),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.orderId));
  return withDetails(db, found);
}

/** One order of the member's; another member's order is as absent as one that does not exist. */
export async function memberOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderRecord | null> {
  const found = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), eq(orders.userId, userId)));
  const [record] = await withDetails(db, found);
  return record ?? null;
}

/** A member's paid orders placed since a moment, oldest first (each is one lottery play right). */
export async function paidOrderIdsSince(db: Db, userId: number, since: Date): Promise<number[]> {
  const rows = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid"), gte(orders.createdAt, since)))
    .orderBy(asc(orders.orderId));
  return rows.map((r) => r.orderId);
}

/** The member's orders waiting at their confirmation step, with what they hold. */
export async function pendingOrdersOf(
  db: Db,
  userId: number,
): Promise<Array<{ orderId: number; usedPoint: number; reference: string | null }>> {
  return db
    .select({
      orderId: orders.orderId,
      usedPoint: orders.usedPoint,
      reference: payments.providerRef,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending")))
    .orderBy(orders.orderId);
}

/** The member's newest orders with their lines, whatever their status: the back office's list. */
export async function recentOrders(db: Db, userId: number, limit: number): Promise<OrderRecord[]> {
  const found = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(limit);
  return withDetails(db, found);
}

/** Whose order this is; null when there is no such order. */
export async function orderOwner(db: Db, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.orderId, orderId));
  return row?.userId ?? null;
}
