import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { Conflict, NotFound } from "../../lib/errors";
import { removeRefundedItem } from "../library/service";
import { refundMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { returnUsableCoupon } from "./coupons";
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

/** What one refund of some lines of an order moved (decision 0096, 0104). */
export interface OrderRefund {
  orderId: number;
  lines: Array<{
    orderRefundId: number;
    orderItemId: number;
    name: string;
    amount: number;
    point: number;
    earnedTakenBack: number;
  }>;
  amount: number;
  point: number;
  earnedTakenBack: number;
  couponReturned: boolean;
  orderRefunded: boolean;
  providerRef: string | null;
}

/**
 * Refunds lines of a paid order in the caller's transaction (decisions 0096, 0104): one line, or
 * every line not refunded yet. The order row is locked first, so two refunds of the same order
 * take turns and the second sees what the first did. Each line is claimed (the unique row in
 * order_refunds, so no line is refunded twice and no money moves twice), its share of the spent
 * points goes back to their lots, its share of the earned points is taken back as far as unspent,
 * and its volume leaves the member's shelf. When no line is left the order and its payment are
 * marked refunded and the coupon it used comes back if it is still within its dates. The money of
 * all the lines goes back in one payment provider call, and the member gets one mail listing them.
 */
export async function refundOrderLines(
  tx: Tx,
  provider: PaymentProvider,
  input: {
    userId: number;
    orderId: number;
    /** One line, or "rest": every line of the order not refunded yet. */
    lines: { orderItemId: number } | "rest";
    reason: string;
    staffUserId: number;
    email: string | null;
    now: Date;
  },
): Promise<OrderRefund> {
  const { userId, orderId, now } = input;
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
  let targets: OrderItem[];
  if (input.lines === "rest") {
    const done = new Set(
      (
        await tx
          .select({ id: orderRefunds.orderItemId })
          .from(orderRefunds)
          .where(eq(orderRefunds.orderId, orderId))
      ).map((r) => r.id),
    );
    targets = lines.filter((l) => !done.has(l.orderItemId));
    if (targets.length === 0) throw new Conflict("この注文に返金できる商品は残っていません");
  } else {
    const { orderItemId } = input.lines;
    const line = lines.find((l) => l.orderItemId === orderItemId);
    if (!line) throw new NotFound("この注文に該当する商品がありません");
    targets = [line];
  }
  const shares = new Map(lineShares(order, lines).map((s) => [s.orderItemId, s]));
  const shareOf = (l: OrderItem) => shares.get(l.orderItemId)!;

  const claimed = await tx
    .insert(orderRefunds)
    .values(
      targets.map((l) => ({
        orderId,
        orderItemId: l.orderItemId,
        userId,
        amount: shareOf(l).amount,
        point: shareOf(l).point,
        couponDiscount: shareOf(l).couponDiscount,
        earnedTakenBack: 0,
        reason: input.reason,
        staffUserId: input.staffUserId,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: orderRefunds.orderRefundId, orderItemId: orderRefunds.orderItemId });
  if (claimed.length < targets.length) {
    // Some line went in between: the whole step is refused, the transaction rolls back.
    throw new Conflict(
      input.lines === "rest" ? "この注文はすでに返金済みです" : "この商品はすでに返金済みです",
    );
  }
  const idOf = new Map(claimed.map((c) => [c.orderItemId, c.id]));

  const description = `返金（注文番号 ${orderId}）`;
  const done: OrderRefund["lines"] = [];
  for (const line of targets) {
    const share = shareOf(line);
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
    done.push({
      orderRefundId: idOf.get(line.orderItemId)!,
      orderItemId: line.orderItemId,
      name: line.name,
      amount: share.amount,
      point,
      earnedTakenBack,
    });
  }
  const amount = done.reduce((t, l) => t + l.amount, 0);
  const point = done.reduce((t, l) => t + l.point, 0);
  const earnedTakenBack = done.reduce((t, l) => t + l.earnedTakenBack, 0);

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
    if (order.couponId !== null) couponReturned = await returnUsableCoupon(tx, orderId, now);
  }

  // Last, once everything else is written: the provider is the one step that cannot be undone
  // by the transaction. Its idempotency key names the lines refunded, so a retry after a failed
  // commit (the same lines again) refunds once at the provider too.
  let providerRef: string | null = null;
  if (amount > 0) {
    const [payment] = await tx
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    if (!payment?.ref) throw new Conflict("この注文の決済が見つからないため返金できません");
    const outcome = await provider.refund({
      reference: payment.ref,
      amount,
      idempotencyKey: refundKey(
        orderId,
        done.map((l) => l.orderItemId),
      ),
    });
    if (outcome.status !== "succeeded") {
      throw new Conflict(`決済サービスが返金を受け付けませんでした（${outcome.message}）`);
    }
    providerRef = outcome.reference;
  }
  for (const line of done) {
    await tx
      .update(orderRefunds)
      .set({ earnedTakenBack: line.earnedTakenBack, point: line.point, providerRef })
      .where(eq(orderRefunds.orderRefundId, line.orderRefundId));
  }
  if (input.email) {
    await enqueueMail(
      tx,
      refundMail(input.email, {
        orderId,
        titles: done.map((l) => l.name),
        amount,
        point,
        earnedTakenBack,
        couponReturned,
        orderRefunded,
      }),
      now,
    );
  }
  return {
    orderId,
    lines: done,
    amount,
    point,
    earnedTakenBack,
    couponReturned,
    orderRefunded,
    providerRef,
  };
}

/**
 * The provider's idempotency key of a refund: one line keeps the key line refunds always had;
 * several name the order and their lines (hashed when long), so the same lines give the same key
 * and another set of lines of the order another one.
 */
export function refundKey(orderId: number, orderItemIds: readonly number[]): string {
  if (orderItemIds.length === 1) return `refund-line-${orderItemIds[0]}`;
  const ids = [...orderItemIds].sort((a, b) => a - b).join("-");
  const key = `refund-order-${orderId}-${ids}`;
  return key.length <= 200
    ? key
    : `refund-order-${orderId}-${createHash("sha256").update(ids).digest("hex")}`;
}

/** What is left to refund of an order: its lines not refunded yet and what they cost. */
export function leftToRefund(
  order: { couponDiscount: number; usedPoint: number; addPoint: number },
  lines: readonly Pick<OrderItem, "orderItemId" | "priceInc">[],
  refunded: ReadonlySet<number>,
): { lines: number; amount: number; point: number } {
  const left = lineShares(order, lines).filter((s) => !refunded.has(s.orderItemId));
  return {
    lines: left.length,
    amount: left.reduce((t, s) => t + s.amount, 0),
    point: left.reduce((t, s) => t + s.point, 0),
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
