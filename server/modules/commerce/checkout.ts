import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { NEED_UPDATE_MESSAGE, NOT_BUYABLE_MESSAGES } from "../../../contract/cart";
import {
  type CheckoutResult,
  ORDER_ERROR_MESSAGES,
  type OrderErrorCode,
  orderErrorUrl,
} from "../../../contract/checkout";
import {
  AMOUNT_CHANGED_MESSAGE,
  CARD_PAYMENT_TYPE,
  PAYMENT_REQUIRED_MESSAGE,
} from "../../../contract/checkout-rules";
import { GIFT_ONE_ITEM_MESSAGE } from "../../../contract/gifts";
import { productUrl } from "../../../contract/items";
import { canUsePoints, POINT_USE_MINIMUM } from "../../../contract/points";
import { receiptPageUrl } from "../../../contract/receipt-links";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import { BadInput, Conflict, NotFound } from "../../lib/errors";
import { getMember } from "../account/service";
import { grantPurchasedItems, ownedItemIds } from "../library/service";
import { orderReceiptMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { type PricedItem, priceItems } from "../pricing/quote";
import {
  ADD_POINT_VALID_DAYS,
  type CouponTerms,
  couponRefusal,
  orderTotals,
  priceExTax,
} from "../pricing/rules";
import { couponTermsOf } from "./coupon-terms";
import { lockCouponForUse, markCouponUsed, releaseCoupon } from "./coupons";
import { giftOfOrder, recordGift, refuseOwnAddress, sendGift } from "./gifts";
import { memberOrder, pendingOrdersOf } from "./orders";
import { cardToCharge } from "./payment-cards";
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
  /**
   * Bought as a gift for this address (decision 0113): one item (itemId), never granted to the
   * buyer; the paid order mails the recipient a claim link on the store's origin.
   */
  gift?: { email: string; message: string | null };
  /** The store's origin (PUBLIC_URL), for the links mails carry (receipt, gift claim). */
  origin?: string;
  /** The member's saved card to charge (payment_cards.card_id), instead of `card`. */
  savedCardId?: number;
  /** The amount the member confirmed; the purchase is refused before the charge if it differs. */
  expectedAmount?: number;
  /**
   * The most the one item may cost, tax included (a pre-order's reserved price, decision 0116):
   * a higher price now is lowered to it; a lower one is kept.
   */
  priceCap?: number;
  /**
   * No member is there to take the provider's confirmation step (a purchase made by a job): a
   * charge that asks for it is voided and counts as not confirmed.
   */
  unattended?: boolean;
}

/** A payment the provider refused: the transaction rolls back and the member is told why. */
export class Declined extends Error {
  constructor(readonly code: OrderErrorCode) {
    super(ORDER_ERROR_MESSAGES[code]);
  }
}

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

/** The answer for a purchase that bought nothing, with the store's reason. */
function nothingBought(
  orderId: number | null,
  status: "declined" | "cancelled",
  code: OrderErrorCode,
): CheckoutResult {
  return {
    result: true,
    order_id: orderId,
    status,
    next_url: orderErrorUrl(code),
    reason: ORDER_ERROR_MESSAGES[code],
    items: [],
  };
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

/**
 * One member's checkouts and confirmation steps run one at a time, each in its own transaction
 * holding this lock until it ends: a repeated token waits for the first to finish and finds its
 * order, and a new checkout sees every earlier one whole. Taken before any row lock (points,
 * coupon, payment), so the locks are always taken in one order.
 */
export async function lockMemberPurchases(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('komaya.purchases'), ${userId})`);
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

/** A token answers its own order to its own member; anyone else's use of it is refused. */
function answerOfToken(db: Db, order: { orderId: number; userId: number }, userId: number) {
  if (order.userId !== userId) throw new Conflict("この購入手続きは無効です");
  return resultOfOrder(db, order.orderId);
}

/**
 * A paid order's last step, inside the caller's transaction: the payment is captured, the items
 * go onto the bookshelf (an item owned meanwhile rolls everything back), the coupon is spent,
 * earned points are granted, the receipt is queued and the bought items leave the cart.
 */
async function finalizePaid(
  tx: Tx,
  order: { orderId: number; userId: number; addPoint: number; couponId: number | null },
  now: Date,
  origin?: string,
): Promise<void> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
  // A gift is never the buyer's: its claim link is mailed instead (decision 0113).
  const gift = await giftOfOrder(tx, order.orderId);
  if (gift) {
    await sendGift(tx, gift, origin ?? "", now);
  } else {
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
  }
  if (order.couponId !== null) {
    await markCouponUsed(tx, {
      userId: order.userId,
      couponId: order.couponId,
      orderId: order.orderId,
      now,
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
  await tx
    .update(orders)
    .set({ status: "paid", updatedAt: now })
    .where(eq(orders.orderId, order.orderId));
  // The receipt is queued with the payment, so a rolled-back order sends none.
  const [member, paid] = await Promise.all([
    getMember(tx, order.userId),
    memberOrder(tx, order.userId, order.orderId),
  ]);
  if (member?.email && paid) {
    await enqueueMail(
      tx,
      orderReceiptMail(member.email, {
        orderId: order.orderId,
        orderedAt: tokyoDateTime(paid.order.createdAt),
        lines: paid.items.map((l) => ({
          title: l.name,
          price: l.priceInc,
          listPrice: l.priceInc + l.discount,
        })),
        couponName: paid.couponName,
        couponDiscount: paid.order.couponDiscount,
        subtotal: paid.order.subtotal,
        tax: paid.order.tax,
        usedPoint: paid.order.usedPoint,
        amount: paid.order.amount,
        paymentName: paid.paymentName,
        addPoint: paid.order.addPoint,
        giftTo: gift?.recipientEmail,
        receiptUrl: origin ? `${origin}${receiptPageUrl(order.orderId)}` : undefined,
      }),
      now,
    );
  }
  if (gift) return;
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
 * /api/checkout: one transaction, under the member's purchase lock, that cancels the member's
 * payment left at its confirmation step (a new checkout supersedes it and takes back what it
 * held), locks the member's points and coupon, re-prices from the database, asks the provider
 * for the money, then writes the order, its items and the points spent, and on success grants
 * the items, spends the coupon, grants the earned points and empties them from the cart — or, on
 * a decline or any failure, writes nothing. The token is the order's unique idempotency key: the
 * same token again answers the first order, waiting for it when it is still being placed.
 */
export async function checkout(
  db: Db,
  provider: PaymentProvider,
  input: CheckoutInput,
  now = new Date(),
): Promise<CheckoutResult> {
  const known = await orderOfToken(db, input.token);
  if (known) return answerOfToken(db, known, input.userId);
  let superseded: string[] = [];
  try {
    const placed = await db.transaction(async (tx) => {
      await lockMemberPurchases(tx, input.userId);
      // A twin of this request that finished while this one waited for the lock.
      const twin = await orderOfToken(tx, input.token);
      if (twin) return twin;
      superseded = await cancelPendingOf(tx, input.userId, now);
      return { orderId: await placeOrder(tx, provider, input, now), userId: input.userId };
    });
    // Only once the cancellations are committed: a checkout that failed cancelled nothing.
    await Promise.allSettled(superseded.map((reference) => provider.cancel(reference)));
    return answerOfToken(db, placed, input.userId);
  } catch (error) {
    if (error instanceof Declined) return nothingBought(null, "declined", error.code);
    // The same token used by another member at the same moment (only a stolen token can be).
    if (isUniqueViolation(error, "orders_idempotency_key")) {
      const first = await orderOfToken(db, input.token);
      if (first) return answerOfToken(db, first, input.userId);
    }
    throw error;
  }
}

/**
 * A purchase of one item the store makes for a member who is not there (a pre-order paid on its
 * release, 新刊自動購入: decision 0116), inside the caller's transaction so the caller's own
 * claim commits or rolls back with the order. The same rules as checkout: the member's purchase
 * lock, prices from the database (at most `priceCap`), ownership refused before the charge, the
 * charge before any write, then the order, points, shelf, receipt. The token is the order's and
 * the provider's idempotency key: a run retried after a crash between the charge and the commit
 * finds the provider's first charge, and a run after the commit finds the order. A decline or a
 * refusal throws (Declined, ApiError) and the caller's transaction rolls back.
 */
export async function purchaseForMember(
  tx: Tx,
  provider: PaymentProvider,
  input: CheckoutInput & { itemId: number },
  now: Date,
): Promise<number> {
  await lockMemberPurchases(tx, input.userId);
  const placed = await orderOfToken(tx, input.token);
  if (placed) {
    if (placed.userId !== input.userId) throw new Conflict("この購入手続きは無効です");
    return placed.orderId;
  }
  return placeOrder(tx, provider, { ...input, unattended: true }, now);
}

/**
 * Why the asked items cannot be bought, said of the item itself for a purchase of one item
 * (今すぐ購入) and of the cart otherwise.
 */
async function refuseUnbuyable(
  tx: Tx,
  input: CheckoutInput,
  itemIds: readonly number[],
  priced: readonly PricedItem[],
): Promise<void> {
  // A gift's buyer may own the volume themselves: it is not theirs that is bought.
  const owned = input.gift ? [] : await ownedItemIds(tx, input.userId, itemIds);
  if (input.itemId === undefined) {
    if (priced.length !== itemIds.length || priced.some((p) => !p.buyable)) {
      throw new Conflict(NEED_UPDATE_MESSAGE, { error_url: "/cart" });
    }
    if (owned.length > 0) {
      throw new Conflict("購入済みの作品が含まれています。カートをご確認ください", {
        error_url: "/cart",
      });
    }
    return;
  }
  const [item] = priced;
  if (!item) throw new NotFound("お探しの作品が見つかりませんでした");
  const page = productUrl({ series_id: item.seriesId, book_id: item.bookId, cd_id: item.cdId });
  if (owned.length > 0) {
    throw new Conflict("この作品は購入済みです。本棚からお読みいただけます", { error_url: page });
  }
  if (item.notBuyable) {
    throw new Conflict(NOT_BUYABLE_MESSAGES[item.notBuyable], { error_url: page });
  }
}

/** The purchase itself, inside checkout's transaction; answers the new order's id. */
async function placeOrder(
  tx: Tx,
  provider: PaymentProvider,
  input: CheckoutInput,
  now: Date,
): Promise<number> {
  if (input.gift) {
    if (input.itemId === undefined) throw new BadInput("item", GIFT_ONE_ITEM_MESSAGE);
    await refuseOwnAddress(tx, input.userId, input.gift.email);
  }
  const itemIds = input.itemId !== undefined ? [input.itemId] : await cartItemIds(tx, input.userId);
  if (itemIds.length === 0) {
    throw new Conflict("カートに作品がありません", { error_url: "/cart" });
  }
  const cap = input.priceCap;
  const priced = (await priceItems(tx, itemIds, now)).map((p) =>
    cap !== undefined && p.salePrice > cap ? { ...p, salePrice: cap } : p,
  );
  await refuseUnbuyable(tx, input, itemIds, priced);
  const balance = await lockPoints(tx, input.userId, now);
  let coupon: CouponTerms | null = null;
  if (input.couponId) {
    coupon = couponTermsOf(await lockCouponForUse(tx, input.userId, input.couponId, now));
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
  if (input.expectedAmount !== undefined && input.expectedAmount !== totals.amount) {
    throw new Conflict(AMOUNT_CHANGED_MESSAGE, { field: "amount" });
  }
  const savedCard = input.savedCardId !== undefined && totals.amount > 0;
  const paymentType =
    totals.amount === 0
      ? POINTS_ONLY_PAYMENT_TYPE
      : await offeredType(tx, savedCard ? CARD_PAYMENT_TYPE : input.paymentType);
  const method = methodOfPaymentType(paymentType)!;
  // A saved card is the member's own and not past its expiry month (decision 0111).
  const cardReference = savedCard
    ? (await cardToCharge(tx, input.userId, input.savedCardId!, now)).providerRef
    : undefined;

  // Charged once every check has passed and before any of the order is written (decision 0077):
  // the locks taken above are the member's own, so only their next purchase waits on the
  // provider, and a decline has written nothing of the order, not even uncommitted.
  const outcome = await provider.charge({
    orderReference: input.token,
    amount: totals.amount,
    method,
    card: cardReference === undefined ? input.card : undefined,
    cardReference,
    idempotencyKey: input.token,
  });
  if (outcome.status === "declined") throw new Declined(outcome.code);
  if (outcome.status === "requires_action" && input.unattended) {
    await provider.cancel(outcome.reference);
    throw new Declined("not_confirmed");
  }

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
      price: priceExTax(p.salePrice),
      priceInc: p.salePrice,
      discount: p.listPrice - p.salePrice,
      createdAt: now,
    })),
  );
  if (input.gift) {
    await recordGift(tx, {
      orderId: id,
      giverUserId: input.userId,
      item: priced[0]!,
      email: input.gift.email,
      message: input.gift.message,
      now,
    });
  }
  // Points are held from here (a pending order's spend goes back when it is cancelled); the
  // coupon is spent only with the payment (finalizePaid), so a confirmation step never makes
  // it look used.
  if (totals.used_point > 0) {
    await spendPoints(tx, {
      userId: input.userId,
      point: totals.used_point,
      orderId: id,
      now,
      description: "作品購入",
    });
  }
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
      {
        orderId: id,
        userId: input.userId,
        addPoint: totals.add_point,
        couponId: coupon?.couponId ?? null,
      },
      now,
      input.origin,
    );
  }
  return id;
}

/** The chosen payment type when it is offered; the placeholder (0) or another is refused. */
async function offeredType(tx: Tx, paymentType: number): Promise<number> {
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

/**
 * Cancels the member's orders left at their confirmation step, giving back what they held; the
 * caller holds the member's purchase lock. Answers their payments' references, for the provider
 * to void once this is committed.
 */
async function cancelPendingOf(tx: Tx, userId: number, now: Date): Promise<string[]> {
  const pending = await pendingOrdersOf(tx, userId);
  for (const p of pending) await voidPending(tx, { orderId: p.orderId, userId }, now, "cancelled");
  return pending.flatMap((p) => (p.reference ? [p.reference] : []));
}

/** The pending payment of a reference, locked, with its order; only its member may act on it. */
async function lockPending(tx: Tx, userId: number, reference: string) {
  const [row] = await tx
    .select({
      orderId: orders.orderId,
      userId: orders.userId,
      status: orders.status,
      addPoint: orders.addPoint,
      couponId: orders.couponId,
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
 * order is finalized in one transaction. An order one of whose items the member came to own
 * meanwhile is cancelled at once instead, with its points and coupon given back. Confirming
 * twice answers the same order.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  reference: string,
  now = new Date(),
  origin?: string,
): Promise<CheckoutResult> {
  type Ended = { status: "declined" | "cancelled"; code: OrderErrorCode } | null;
  const outcome = await db.transaction(async (tx): Promise<{ orderId: number; ended: Ended }> => {
    await lockMemberPurchases(tx, userId);
    const pending = await lockPending(tx, userId, reference);
    if (pending.status !== "pending") return { orderId: pending.orderId, ended: null };
    const lines = await tx
      .select({ itemId: orderItems.itemId })
      .from(orderItems)
      .where(eq(orderItems.orderId, pending.orderId));
    // A gift's buyer owning the volume meanwhile changes nothing: it is not theirs.
    const owned = (await giftOfOrder(tx, pending.orderId))
      ? []
      : await ownedItemIds(
          tx,
          userId,
          lines.map((l) => l.itemId),
        );
    if (owned.length > 0) {
      await provider.cancel(reference);
      await voidPending(tx, pending, now, "cancelled");
      return { orderId: pending.orderId, ended: { status: "cancelled", code: "already_owned" } };
    }
    const settled = await provider.confirm(reference);
    if (settled.status !== "succeeded") {
      await voidPending(tx, pending, now, "failed");
      const code = settled.status === "declined" ? settled.code : "not_confirmed";
      return { orderId: pending.orderId, ended: { status: "declined", code } };
    }
    await finalizePaid(tx, pending, now, origin);
    return { orderId: pending.orderId, ended: null };
  });
  if (outcome.ended) {
    return nothingBought(outcome.orderId, outcome.ended.status, outcome.ended.code);
  }
  return resultOfOrder(db, outcome.orderId);
}

/** Points go back, the payment and order are closed: nothing was bought. */
async function voidPending(
  tx: Tx,
  pending: { orderId: number; userId: number },
  now: Date,
  paymentStatus: "failed" | "cancelled",
): Promise<void> {
  await cancelOrderPoints(tx, { userId: pending.userId, orderId: pending.orderId, now });
  // Orders placed before coupons were spent only with the payment (decision 0055) hold theirs.
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
  const orderId = await db.transaction(async (tx) => {
    await lockMemberPurchases(tx, userId);
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
 * Cancels orders whose confirmation step was abandoned, giving their points back (a scheduled
 * job runs it). Answers the member of each order it cancelled.
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
