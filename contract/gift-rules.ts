/**
 * What the browser shows of gifts (decision 0113), without zod: the checkout form's message
 * limit and the giver's view of a gift on their order history. The request schemas are in
 * contract/gifts.ts, which the server reads.
 */

/** The giver's message travels in the mail and the present box: at most this many characters. */
export const GIFT_MESSAGE_MAX = 200;

/** sent: mailed, waiting; received: claimed by the recipient; unpaid: the payment is not done. */
export type GiftState = "unpaid" | "sent" | "received";

/** A gift as its giver sees it on their order (order history). */
export interface GiftView {
  email: string;
  message: string | null;
  state: GiftState;
  /** "2026-11-21", Tokyo date: when it was sent, and when received (null until then). */
  sent_date: string | null;
  received_date: string | null;
}

/** 送信済み / 受け取り済み, with the date. */
export function giftStateText(gift: GiftView): string {
  if (gift.state === "received") return `受け取り済み（${gift.received_date}）`;
  if (gift.state === "sent") return `送信済み（${gift.sent_date}）`;
  return "お支払い待ち";
}
