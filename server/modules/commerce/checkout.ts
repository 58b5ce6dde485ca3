import { and, eq, inArray, lt } from "drizzle-orm";
import { NEED_UPDATE_MESSAGE } from "../../../contract/cart";
import { type CheckoutResult, PAYMENT_REQUIRED_MESSAGE } from "../../../contract/checkout";
import type { Db } from "../../db/client";
import { BadInput, Conflict, NotFound } from "../../lib/errors";
import { getMember } from "../account/service";
import { grantPurchasedItems, ownedItemIds } from "../library/service";
import { orderReceiptMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { priceItems } from "../pricing/quote";
import {
  ADD_POINT_VALID_DAYS,
  type CouponTerms,
  canUsePoints,
  couponRefusal,
  orderTotals,
  POINT_USE_MINIMUM,
} from "../pricing/rules";
import { couponTermsOf } from "./coupon-terms";
import { lockCouponForUse, markCouponUsed, releaseCoupon } from "./coupons";
import {
  CONFIRMATION_PATH,
  methodOfPaymentType,
  type PaymentProvider,
  POINTS_ONLY_PAYMENT_TYPE,
} from "./payments/provider";
import { cancelOrderPoints, daysLater, earnPoints, lockPoints, spendPoints } from "./points";
import { cartItems, orderItems, orders, paymentMethods, payments } from "./schema";
import { cartItemIds } from "./service";

export interface CheckoutInput {
  userId: number;
  /** Buy this one item now (/order/{itemId}); absent: the whole cart. */
  itemId?: number;
  /** A coupon to use; absent or 0: none. */
  couponId?: number;
  paymentType: number;
  /** Points to spend: a number, or "all" of the balance. */
  point: number | "all";
  /** The checkout token issued with the page: the order's idempotency key. */
  token: string;
  /** The provider's card token (the sandbox: a test card number). */
  card?: string;
}

/** A payment the provider refused: the transaction rolls back and the member is told why. */
class Declined extends Error {}

const COUPON_REFUSALS: Record<string, string> = {
  used: "このクーポンは使用済みです",
  not_started: "このクーポンはまだご利用いただけません",
  expired: "このクーポンは利用期間外です",
  no_target: "このクーポンの対象作品がありません",
  below_minimum: "クーポンのご利用条件（最低金額）を満たしていません",
};

function completeUrl(orderId: number): string {
  return `/order_complete?order=${orderId}`;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; message?: string };
    if (pg.code === "23505") {
      return pg.constraint === constraint || (pg.message ?? "").includes(constraint);
    }
  }
  return false;
}

/** The answer for an order that already exists (a repeated token, a confirmed payment). */
async function resultOfOrder(db: Db, orderId: number): Promise<CheckoutResult> {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!order) throw new NotFound("ご注文が見つかりませんでした");
  const bought = await db
    .select({ itemId: orderItems.itemId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.orderItemId);
  const base = { result: true as const, order_id: orderId, reason: "", items: [] as number[] };
  if (order.status === "paid" || order.status === "refunded") {
    return {
      ...base,
      status: "paid",
      next_url: completeUrl(orderId),
      items: bought.map((b) => b.itemId),
    };
  }
  if (order.status === "pending") {
    const [payment] = await db
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    return {
      ...base,
      status: "pending",
      next_url: `${CONFIRMATION_PATH}?reference=${payment?.ref ?? ""}`,
    };
  }
  return { ...base, status: "cancelled", next_url: "/order_cancel" };
}

async function orderOfToken(db: Db, token: string) {
  const [row] = await db
    .select({ orderId: orders.orderId, userId: orders.userId })
    .from(orders)
    .where(eq(orders.idempotencyKey, token));
  return row ?? null;
}

/**
 * A paid order's last step, inside the caller's transaction: the payment is captured, the items
 * go onto the bookshelf (an item owned meanwhile rolls everything back), earned points are
 * granted and the bought items leave the cart.
 */
async function finalizePaid(
  tx: Db,
  order: { orderId: number; userId: number; addPoint: number },
  now: Date,
): Promise<void> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
  const granted = await grantPurchasedItems(tx, {
    userId: order.userId,
    orderId: order.orderId,
    items: lines,
    now,
  });
  if (granted.length !== lines.length) {
    throw new Conflict("購入済みの作品が含まれています。カートをご確認ください", {
      error_url: "/cart",
    });
  }
  if (order.addPoint > 0) {
    await earnPoints(tx, {
      userId: order.userId,
      point: order.addPoint,
      reason: "purchase",
      expiresAt: daysLater(now, ADD_POINT_VALID_DAYS),
      now,
      orderId: order.orderId,
      description: "作品購入",
    });
  }
  await tx
    .update(payments)
    .set({ status: "captured", updatedAt: now })
    .where(eq(payments.orderId, order.orderId));
  const [paid] = await tx
    .update(orders)
    .set({ status: "paid", updatedAt: now })
    .where(eq(orders.orderId, order.orderId))
    .returning({ amount: orders.amount, usedPoint: orders.usedPoint, addPoint: orders.addPoint });
  // The receipt is queued with the payment, so a rolled-back order sends none.
  const member = await getMember(tx, order.userId);
  if (member?.email && paid) {
    await enqueueMail(
      tx,
      orderReceiptMail(member.email, {
        orderId: order.orderId,
        items: lines.map((l) => ({ title: l.name, price: l.priceInc - l.discount })),
        totalPrice: paid.amount,
        usedPoint: paid.usedPoint,
        addPoint: paid.addPoint,
      }),
      now,
    );
  }
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.userId, order.userId),
      inArray(
        cartItems.itemId,
        lines.map((l) => l.itemId),
      ),
    ),
  );
}

/**
 * /api/checkout: one transaction that locks the member's points and coupon, re-prices from the
 * database, writes the order, its items, points spent and the coupon's use, asks the provider
 * for the money, and on success grants the items, the earned points and empties them from the
 * cart — or, on a decline or any failure, writes nothing. The token is the order's unique
 * idempotency key: the same token again answers the first order.
 */
export async function checkout(
  db: Db,
  provider: PaymentProvider,
  input: CheckoutInput,
  now = new Date(),
): Promise<CheckoutResult> {
  const existing = await orderOfToken(db, input.token);
  if (existing) {
    if (existing.userId !== input.userId) throw new Conflict("この購入手続きは無効です");
    return resultOfOrder(db, existing.orderId);
  }
  const itemIds = input.itemId !== undefined ? [input.itemId] : await cartItemIds(db, input.userId);
  if (itemIds.length === 0) {
    throw new Conflict("カートに作品がありません", { error_url: "/cart" });
  }
  try {
    const orderId = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const balance = await lockPoints(tx, input.userId, now);
      let coupon: CouponTerms | null = null;
      if (input.couponId) {
        coupon = couponTermsOf(await lockCouponForUse(tx, input.userId, input.couponId, now));
      }
      const priced = await priceItems(tx, itemIds, now);
      if (priced.length !== itemIds.length || priced.some((p) => !p.buyable)) {
        throw new Conflict(NEED_UPDATE_MESSAGE, { error_url: "/cart" });
      }
      if ((await ownedItemIds(tx, input.userId, itemIds)).length > 0) {
        throw new Conflict("購入済みの作品が含まれています。カートをご確認ください", {
          error_url: "/cart",
        });
      }
      if (coupon) {
        const refusal = couponRefusal(coupon, priced, now);
        if (refusal) throw new Conflict(COUPON_REFUSALS[refusal]!, { field: "coupon" });
      }
      const asked = input.point;
      if (asked !== 0 && asked !== "all") {
        if (!canUsePoints(balance)) {
          throw new Conflict(`ポイントは${POINT_USE_MINIMUM}ポイント以上からご利用いただけます`, {
            field: "point",
          });
        }
        if (asked > balance) {
          throw new Conflict(`ポイントが不足しています（保有${balance}ポイント）`, {
            field: "point",
          });
        }
      }
      const totals = orderTotals(priced, coupon, { balance, asked }, now);
      const paymentType =
        totals.amount === 0 ? POINTS_ONLY_PAYMENT_TYPE : await offeredType(tx, input.paymentType);
      const method = methodOfPaymentType(paymentType)!;

      // The order row first: its unique token makes a concurrent twin wait here, then fail.
      const [order] = await tx
        .insert(orders)
        .values({
          userId: input.userId,
          status: "pending",
          price: totals.price,
          discount: totals.discount,
          couponDiscount: totals.coupon_discount,
          usedPoint: totals.used_point,
          subtotal: totals.subtotal,
          tax: totals.tax,
          amount: totals.amount,
          addPoint: totals.add_point,
          paymentType,
          couponId: coupon?.couponId ?? null,
          idempotencyKey: input.token,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ orderId: orders.orderId });
      const id = order!.orderId;
      await tx.insert(orderItems).values(
        priced.map((p) => ({
          orderId: id,
          itemId: p.itemId,
          itemType: p.itemType,
          seriesId: p.seriesId,
          bookId: p.bookId,
          cdId: p.cdId,
          name: p.name,
          price: Math.round(p.salePrice / 1.1),
          priceInc: p.salePrice,
          discount: p.listPrice - p.salePrice,
          createdAt: now,
        })),
      );
      if (totals.used_point > 0) {
        await spendPoints(tx, {
          userId: input.userId,
          point: totals.used_point,
          orderId: id,
          now,
          description: "作品購入",
        });
      }
      if (coupon) {
        await markCouponUsed(tx, {
          userId: input.userId,
          couponId: coupon.couponId,
          orderId: id,
          now,
        });
      }
      const outcome = await provider.charge({
        orderReference: input.token,
        amount: totals.amount,
        method,
        card: input.card,
        idempotencyKey: input.token,
      });
      if (outcome.status === "declined") throw new Declined(outcome.reason);
      await tx.insert(payments).values({
        orderId: id,
        paymentType,
        amount: totals.amount,
        status: outcome.status === "succeeded" ? "authorized" : "requires_action",
        providerRef: outcome.reference,
        createdAt: now,
        updatedAt: now,
      });
      if (outcome.status === "succeeded") {
        await finalizePaid(
          tx,
          { orderId: id, userId: input.userId, addPoint: totals.add_point },
          now,
        );
      }
      return id;
    });
    return resultOfOrder(db, orderId);
  } catch (error) {
    if (error instanceof Declined) {
      return {
        result: true,
        order_id: null,
        status: "declined",
        next_url: `/order_error?reason=${encodeURIComponent(error.message)}`,
        reason: error.message,
        items: [],
      };
    }
    if (isUniqueViolation(error, "orders_idempotency_key")) {
      const first = await orderOfToken(db, input.token);
      if (first && first.userId === input.userId) return resultOfOrder(db, first.orderId);
    }
    throw error;
  }
}

/** The chosen payment type when it is offered; the placeholder (0) or another is refused. */
async function offeredType(tx: Db, paymentType: number): Promise<number> {
  if (paymentType === 0) throw new BadInput("payment_type", PAYMENT_REQUIRED_MESSAGE);
  const [row] = await tx
    .select({ paymentType: paymentMethods.paymentType })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.paymentType, paymentType), eq(paymentMethods.enabled, true)));
  if (!row || methodOfPaymentType(row.paymentType) === null) {
    throw new BadInput("payment_type", PAYMENT_REQUIRED_MESSAGE);
  }
  return row.paymentType;
}

/** The pending payment of a reference, locked, with its order; only its member may act on it. */
async function lockPending(tx: Db, userId: number, reference: string) {
  const [row] = await tx
    .select({
      orderId: orders.orderId,
      userId: orders.userId,
      status: orders.status,
      addPoint: orders.addPoint,
      paymentStatus: payments.status,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.orderId, payments.orderId))
    .where(eq(payments.providerRef, reference))
    .for("update");
  if (!row || row.userId !== userId) throw new NotFound("お支払いが見つかりませんでした");
  return row;
}

/**
 * The member completed the confirmation step: the provider settles the payment and the pending
 * order is finalized in one transaction. Confirming twice answers the same order.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  reference: string,
  now = new Date(),
): Promise<CheckoutResult> {
  const outcome = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const pending = await lockPending(tx, userId, reference);
    if (pending.status !== "pending") return { orderId: pending.orderId, declined: null };
    const settled = await provider.confirm(reference);
    if (settled.status !== "succeeded") {
      const reason =
        settled.status === "declined" ? settled.reason : "お支払いを確認できませんでした";
      await voidPending(tx, pending, now, "failed");
      return { orderId: pending.orderId, declined: reason };
    }
    await finalizePaid(tx, pending, now);
    return { orderId: pending.orderId, declined: null };
  });
  if (outcome.declined !== null) {
    return {
      result: true,
      order_id: outcome.orderId,
      status: "declined",
      next_url: `/order_error?reason=${encodeURIComponent(outcome.declined)}`,
      reason: outcome.declined,
      items: [],
    };
  }
  return resultOfOrder(db, outcome.orderId);
}

/** Points and coupon go back, the payment and order are closed: nothing was bought. */
async function voidPending(
  tx: Db,
  pending: { orderId: number; userId: number },
  now: Date,
  paymentStatus: "failed" | "cancelled",
): Promise<void> {
  await cancelOrderPoints(tx, { userId: pending.userId, orderId: pending.orderId, now });
  await releaseCoupon(tx, pending.orderId);
  await tx
    .update(payments)
    .set({ status: paymentStatus, updatedAt: now })
    .where(eq(payments.orderId, pending.orderId));
  await tx
    .update(orders)
    .set({ status: "cancelled", updatedAt: now })
    .where(eq(orders.orderId, pending.orderId));
}

/** The member left the confirmation step: the payment is voided and nothing is bought. */
export async function cancelPayment(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  reference: string,
  now = new Date(),
): Promise<CheckoutResult> {
  const orderId = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const pending = await lockPending(tx, userId, reference);
    if (pending.status === "pending") {
      await provider.cancel(reference);
      await voidPending(tx, pending, now, "cancelled");
    }
    return pending.orderId;
  });
  return resultOfOrder(db, orderId);
}

/** A confirmation step left unfinished this long is given up: the order is cancelled. */
export const PENDING_PAYMENT_MINUTES = 30;

/**
 * Cancels orders whose confirmation step was abandoned, giving their points and coupon back
 * (a scheduled job runs it). Answers the member of each order it cancelled.
 */
export async function cancelAbandonedPayments(
  db: Db,
  provider: PaymentProvider,
  now = new Date(),
): Promise<number[]> {
  const before = new Date(now.getTime() - PENDING_PAYMENT_MINUTES * 60_000);
  const stale = await db
    .select({ userId: orders.userId, reference: payments.providerRef })
    .from(payments)
    .innerJoin(orders, eq(orders.orderId, payments.orderId))
    .where(
      and(
        eq(orders.status, "pending"),
        eq(payments.status, "requires_action"),
        lt(orders.createdAt, before),
      ),
    );
  const cancelled: number[] = [];
  for (const s of stale) {
    if (!s.reference) continue;
    const result = await cancelPayment(db, provider, s.userId, s.reference, now);
    if (result.status === "cancelled") cancelled.push(s.userId);
  }
  return cancelled;
}
