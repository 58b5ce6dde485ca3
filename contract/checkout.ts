import { z } from "zod";
import type { SavedCard } from "./card-rules";
import type { CartAnswer, CartGroup } from "./cart";
import { CARRIER_BILLING_LIMIT, type PaymentTypeOption } from "./checkout-rules";
import { giftRequest } from "./gifts";
import { blankToUndefined, couponChoice, integerIn, recordId } from "./input";
import { INT4_MAX } from "./row-id";

/**
 * The checkout page's answer (spec 001 §3 "Checkout"): the cart answer for what is bought
 * (the whole cart, or one volume for /order/{itemId}) and what checkout adds.
 */
export interface CheckoutAnswer extends CartAnswer {
  /** Points applied (all the usable balance by default when ≥ 50; the page may lower it). */
  used_point: number;
  /**
   * The member's point balance, with the points an order left at its confirmation step holds:
   * this checkout cancels that order and gives them back first.
   */
  point: number;
  /** Points can be used (balance ≥ 50). */
  point_usable: boolean;
  /** The item bought alone (/order/{itemId}), grouped as the cart groups. */
  items_child: CartGroup[];
  /** The checkout token: sent back with /api/checkout so a retry never buys twice. */
  token: string;
  /** Offered payment types, the placeholder first. */
  payment_type: PaymentTypeOption[];
  /** The preselected type: last_payment when still offered, else the placeholder (0). */
  select_payment: number;
  /** The type of the member's last paid order; 0 when none. */
  last_payment: number;
  /** Every offered type can pay this order (false: some are hidden for the amount). */
  all_payment_type_flag: boolean;
  /** The member's order left at its confirmation step (本人認証), which this checkout cancels. */
  pending_order_id: number | null;
  /** The member's saved cards, for 登録済みカードで購入 (decision 0111). */
  saved_cards: SavedCard[];
}

/** The checkout page's query: /order (whole cart) or /order/{itemId}, optional coupon. */
export const checkoutQuery = z.object({
  item: z.preprocess(blankToUndefined, recordId("item").optional()),
  coupon: couponChoice(),
});

/** /order/{itemId}?gift=1: the same checkout, the item bought for someone else (decision 0113). */
export const GIFT_QUERY = "gift";

/**
 * /api/checkout. `point`: points to spend (a number, or "all"); `card`: what the provider's
 * card form produced (in the sandbox, the test card number).
 */
export const checkoutRequest = z.object({
  item: z.preprocess(blankToUndefined, recordId("item").optional()),
  coupon: couponChoice(),
  payment_type: z.preprocess(
    (v) => blankToUndefined(v) ?? 0,
    integerIn(0, 32_767, "payment_type は整数で指定してください"),
  ),
  point: z.preprocess(
    (v) => blankToUndefined(v) ?? 0,
    z.union([z.literal("all"), integerIn(0, INT4_MAX, "point は0以上の整数で指定してください")]),
  ),
  token: z
    .string({ message: "token を指定してください" })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "token が正しくありません"),
  card: z
    .string()
    .max(64, "card が長すぎます")
    .regex(/^[0-9 -]*$/, "card が正しくありません")
    .optional(),
  /** A saved card (payment_cards.card_id) to charge instead of a typed number (decision 0111). */
  saved_card: z.preprocess(blankToUndefined, recordId("saved_card").optional()),
  /**
   * The amount the member confirmed (ご請求額, one-tap purchase): the purchase is refused, before
   * any charge, when the order would cost anything else.
   */
  amount: z.preprocess(
    blankToUndefined,
    integerIn(0, INT4_MAX, "amount は0以上の整数で指定してください").optional(),
  ),
  /** Buy the item as a gift for this address (decision 0113). */
  gift: giftRequest.optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** /api/checkout/confirm and /api/checkout/cancel: the pending payment's reference. */
export const paymentReference = z.object({
  reference: z
    .string({ message: "reference を指定してください" })
    .regex(/^[A-Za-z0-9_-]{8,128}$/, "reference が正しくありません"),
});

/**
 * Why a purchase ended without buying anything, as /order_error?code=… names it. The page shows
 * only these words of the store's: text carried in a link is never shown (a link anyone can make
 * must not speak with the store's voice).
 */
export const ORDER_ERROR_MESSAGES = {
  card_declined: "カードが承認されませんでした。別のお支払い方法をお試しください",
  card_number: "カード番号が正しくありません",
  carrier_limit: `キャリア決済のご利用上限（${CARRIER_BILLING_LIMIT.toLocaleString("ja-JP")}円）を超えています。別のお支払い方法をお試しください`,
  points_only: "ポイントだけではお支払いいただけません",
  amount: "お支払い金額が正しくありません",
  not_confirmed: "お支払いを確認できませんでした",
  already_owned: "ご注文の作品をすでにお持ちのため、お支払いを取り消しました",
  card_expired: "カードの有効期限が切れています。別のカードをお使いください",
  card_missing: "登録済みのカードが見つかりませんでした。カードを登録し直してください",
} as const;
export type OrderErrorCode = keyof typeof ORDER_ERROR_MESSAGES;

/** What /order_error says for a code it does not know (or none). */
export const ORDER_ERROR_FALLBACK = "お支払いを完了できませんでした";

export function orderErrorUrl(code: OrderErrorCode): string {
  return `/order_error?code=${code}`;
}

/** The store's message for a code from a link; anything else gets the fallback. */
export function orderErrorMessage(code: string | null): string {
  return code !== null && Object.hasOwn(ORDER_ERROR_MESSAGES, code)
    ? ORDER_ERROR_MESSAGES[code as OrderErrorCode]
    : ORDER_ERROR_FALLBACK;
}

export type CheckoutStatus = "paid" | "pending" | "declined" | "cancelled";

/**
 * The /api/checkout answer: where the page goes next.
 *   paid      → next_url /order_complete?order={order_id}
 *   pending   → next_url is the provider's confirmation step (requires_action)
 *   declined  → next_url /order_error?code=…; nothing was bought
 *   cancelled → next_url /order_cancel (or /order_error?code=… when the store cancelled it);
 *               nothing was bought
 */
export interface CheckoutResult {
  result: true;
  order_id: number | null;
  status: CheckoutStatus;
  next_url: string;
  /** Why nothing was bought (ORDER_ERROR_MESSAGES), in Japanese; empty otherwise. */
  reason: string;
  /** Bought item ids (paid), for the complete page's 読む buttons. */
  items: number[];
}
