/**
 * The checkout's constants the purchase page needs, without zod: the page ships them in its first
 * load, and contract/checkout.ts (the schemas, zod) stays on the server and in later chunks.
 */

/** Carrier billing (キャリア決済) takes at most this much per order. */
export const CARRIER_BILLING_LIMIT = 50_000;

/** Spec 001 §4: the placeholder payment type, refused at checkout. */
export const PAYMENT_PLACEHOLDER = { payment_type: 0, name: "選択してください" } as const;
export const PAYMENT_REQUIRED_MESSAGE = "お支払い方法を選択してください";
/** The one-tap purchase's amount differs from the order's now (a price or the points moved). */
export const AMOUNT_CHANGED_MESSAGE =
  "ご請求額が変わりました。金額をご確認のうえ、もう一度お試しください";

/** The payment type that takes a card number (the page asks for it, the provider charges it). */
export const CARD_PAYMENT_TYPE = 1;

export interface PaymentTypeOption {
  payment_type: number;
  name: string;
}
