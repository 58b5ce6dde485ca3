import type { ReceiptPageAnswer } from "../../contract/receipts";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { receiptPage as receiptAnswer, sellerOf } from "../modules/receipts/service";

/**
 * /receipt?order=…: an order's 領収書 (decision 0108), each showing a copy (再発行 after the
 * first), or the form naming its 宛名 when it was never issued; null for an order that is not
 * the member's or was never paid.
 */
export function receiptPage(
  db: Db,
  env: Pick<Env, "SELLER_NAME" | "INVOICE_REGISTRATION_NUMBER">,
  userId: number,
  orderId: number,
  now: Date,
): Promise<ReceiptPageAnswer | null> {
  return receiptAnswer(db, sellerOf(env), userId, orderId, undefined, now);
}
