import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { Conflict, NotFound } from "../../lib/errors";
import { removeRefundedItem } from "../library/service";
import { refundMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { releaseCoupon } from "./coupons";
import type { PaymentProvider } from "./payments/provider";
import { giveBackSpentPoints, takeBackEarnedPoints } from "./points";
import { type OrderItem, orderItems, orderRefunds, orders, payments } from "./schema";

/**
 * Splits `total` over `weights` in whole yen (or points): each part is the floor of its exact
 * share, and what the floors leave goes one unit each to the largest remainders, earlier lines
 * first on a tie. The parts add up to the total, and while total ≤ the sum of the weights no part
 * exceeds its weight. The same order always splits the same way, so refunding its lines one by
 * one gives back exactly the order's totals.
 */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, rem: (total * w) % sum }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export interface LineShare {
  orderItemId: number;
  /** The line's price, its campaign discount taken off (order_items.price_inc). */
  value: number;
  couponDiscount: number;
  /** Points the line was paid with. */
  point: number;
  /** Yen the line was paid with. */
  amount: number;
  /** Points the order earned because of this line. */
  earned: number;
}

/**
 * What each line of an order cost the member (decision 0096): the coupon discount split over the
 * lines by their paid prices (campaign discounts already off), then the points spent and the points earned
 * split over what is left, the rest being money.
 */
export function lineShares(
  order: { couponDiscount: number; usedPoint: number; addPoint: number },
  lines: readonly Pick<OrderItem, "orderItemId" | "priceInc">[],
): LineShare[] {
  const sorted = [...lines].sort((a, b) => a.orderItemId - b.orderItemId);
  // order_items.price_inc is already the price after the campaign discount (schema.ts).
  const values = sorted.map((l) => Math.max(0, l.priceInc));
  const coupon = splitByWeight(order.couponDiscount, values);
  const nets = values.map((v, i) => Math.max(0, v - coupon[i]!));
  const point = splitByWeight(order.usedPoint, nets);
  const earned = splitByWeight(order.addPoint, nets);
  return sorted.map((l, i) => ({
    orderItemId: l.orderItemId,
    value: values[i]!,
    couponDiscount: coupon[i]!,
    point: point[i]!,
    amount: Math.max(0, nets[i]! - point[i]!),
    earned: earned[i]!,
  }));
}

export interface LineRefund {
  orderRefundId: number;
  orderId: number;
  orderItemId: number;
  name: string;
  amount: number;
  point: number;
  earnedTakenBack: number;
  couponReturned: boolean;
  orderRefunded: boolean;
  providerRef: string | null;
}

/**
 * Refunds one line of a paid order, in the caller's transaction (decision 0096): the line is
 * claimed first (the unique row in order_refunds, so a second refund of it is a 409 and no money
 * moves twice), its share of the money goes back through the payment provider, its share of the
 * spent points back to their lots, its share of the earned points is taken back as far as unspent,
 * the volume leaves the member's shelf, and the member is mailed. When every line is refunded the
 * order and its payment are marked refunded and a coupon it used is handed back.
 */
export async function refundOrderLine(
  tx: Tx,
  provider: PaymentProvider,
  input: {
    userId: number;
    orderId: number;
    orderItemId: number;
    reason: string;
    staffUserId: number;
    email: string | null;
    now: Date;
  },
): Promise<LineRefund> {
  const { userId, orderId, orderItemId, now } = input;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), eq(orders.userId, userId)))
    .for("update");
  if (!order) throw new NotFound("この会員の注文が見つかりませんでした");
  if (order.status !== "paid") {
    throw new Conflict(
      order.status === "refunded"
        ? "この注文はすべて返金済みです"
        : "支払いが済んでいない注文は返金できません",
    );
  }
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.orderItemId));
  const line = lines.find((l) => l.orderItemId === orderItemId);
  if (!line) throw new NotFound("この注文に該当する商品がありません");
  const share = lineShares(order, lines).find((s) => s.orderItemId === orderItemId)!;

  const [claimed] = await tx
    .insert(orderRefunds)
    .values({
      orderId,
      orderItemId,
      userId,
      amount: share.amount,
      point: share.point,
      couponDiscount: share.couponDiscount,
      earnedTakenBack: 0,
      reason: input.reason,
      staffUserId: input.staffUserId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: orderRefunds.orderRefundId });
  if (!claimed) throw new Conflict("この商品はすでに返金済みです");

  const description = `返金（注文番号 ${orderId}）`;
  const point = await giveBackSpentPoints(tx, {
    userId,
    orderId,
    point: share.point,
    now,
    description,
  });
  const earnedTakenBack = await takeBackEarnedPoints(tx, {
    userId,
    orderId,
    point: share.earned,
    now,
    description,
  });
  await removeRefundedItem(tx, { userId, itemId: line.itemId, orderId });

  const refundedLines = await tx.$count(orderRefunds, eq(orderRefunds.orderId, orderId));
  const orderRefunded = refundedLines === lines.length;
  let couponReturned = false;
  if (orderRefunded) {
    await tx
      .update(orders)
      .set({ status: "refunded", updatedAt: now })
      .where(eq(orders.orderId, orderId));
    await tx
      .update(payments)
      .set({ status: "refunded", updatedAt: now })
      .where(eq(payments.orderId, orderId));
    if (order.couponId !== null) {
      await releaseCoupon(tx, orderId);
      couponReturned = true;
    }
  }

  // Last, once everything else is written: the provider is the one step that cannot be undone
  // by the transaction. Its idempotency key is the line, so a retry after a failed commit
  // refunds once at the provider too.
  let providerRef: string | null = null;
  if (share.amount > 0) {
    const [payment] = await tx
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    if (!payment?.ref) throw new Conflict("この注文の決済が見つからないため返金できません");
    const outcome = await provider.refund({
      reference: payment.ref,
      amount: share.amount,
      idempotencyKey: `refund-line-${orderItemId}`,
    });
    if (outcome.status !== "succeeded") {
      throw new Conflict(`決済サービスが返金を受け付けませんでした（${outcome.message}）`);
    }
    providerRef = outcome.reference;
  }
  await tx
    .update(orderRefunds)
    .set({ earnedTakenBack, point, providerRef })
    .where(eq(orderRefunds.orderRefundId, claimed.id));
  if (input.email) {
    await enqueueMail(
      tx,
      refundMail(input.email, {
        orderId,
        title: line.name,
        amount: share.amount,
        point,
        earnedTakenBack,
        couponReturned,
      }),
      now,
    );
  }
  return {
    orderRefundId: claimed.id,
    orderId,
    orderItemId,
    name: line.name,
    amount: share.amount,
    point,
    earnedTakenBack,
    couponReturned,
    orderRefunded,
    providerRef,
  };
}

/** The lines of these orders already refunded, by order line id. */
export async function refundedLines(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, typeof orderRefunds.$inferSelect>();
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderItemId, r]));
}
