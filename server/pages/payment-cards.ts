import type { SavedCard } from "../../contract/card-rules";
import type { Db } from "../db/client";
import { memberCards } from "../modules/commerce/payment-cards";

/** The account page's お支払いカード: the member's saved cards (decision 0111). */
export function paymentCardsPage(db: Db, userId: number, now = new Date()): Promise<SavedCard[]> {
  return memberCards(db, userId, now);
}
