import type { AppLoadContext } from "react-router";
import { paymentCardsPage } from "../../../server/pages/payment-cards";

/** The member's saved cards for the account page's お支払いカード. */
export function loadPaymentCards(context: AppLoadContext, userId: number) {
  return paymentCardsPage(context.services.db, userId, new Date());
}
