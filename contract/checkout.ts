import { z } from "zod";
import type { CartAnswer, CartGroup } from "./cart";
import { blankToUndefined, couponChoice, integerIn, recordId } from "./input";
import { INT4_MAX } from "./row-id";

/** Spec 001 §4: the placeholder payment type, refused at checkout. */
export const PAYMENT_PLACEHOLDER = { payment_type: 0, name: "選択してください" } as const;
export const PAYMENT_REQUIRED_MESSAGE = "お支払い方法を選択してください";

export interface PaymentTypeOption {
  payment_type: number;
  name: string;
}

/**
 * The checkout page's answer (spec 001 §3 "Checkout"): the cart answer for what is bought
 * (the whole cart, or one volume for /order/{itemId}) and what checkout adds.
 */
export interface CheckoutAnswer extends CartAnswer {
  /** Points applied (all the usable balance by default when ≥ 50; the page may lower it). */
  used_point: number;
  /** The member's point balance. */
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
}

/** The checkout page's query: /order (whole cart) or /order/{itemId}, optional coupon. */
export const checkoutQuery = z.object({
  item: z.preprocess(blankToUndefined, recordId("item").optional()),
  coupon: couponChoice(),
});

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
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** /api/checkout/confirm and /api/checkout/cancel: the pending payment's reference. */
export const paymentReference = z.object({
  reference: z
    .string({ message: "reference を指定してください" })
    .regex(/^[A-Za-z0-9_-]{8,128}$/, "reference が正しくありません"),
});

export type CheckoutStatus = "paid" | "pending" | "declined" | "cancelled";

/**
 * The /api/checkout answer: where the page goes next.
 *   paid      → next_url /order_complete?order={order_id}
 *   pending   → next_url is the provider's confirmation step (requires_action)
 *   declined  → next_url /order_error?reason=…; nothing was bought
 *   cancelled → next_url /order_cancel; nothing was bought
 */
export interface CheckoutResult {
  result: true;
  order_id: number | null;
  status: CheckoutStatus;
  next_url: string;
  /** Why the payment was declined, in Japanese; empty otherwise. */
  reason: string;
  /** Bought item ids (paid), for the complete page's 読む buttons. */
  items: number[];
}
