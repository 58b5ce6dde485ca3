import type { AppLoadContext } from "react-router";
import { standingOrdersOf, volumePreorderOffer } from "../../../server/pages/standing-orders";

export function loadStandingOrders(context: AppLoadContext, userId: number) {
  return standingOrdersOf(context.services.db, userId);
}

/** The viewer's 予約 offer for an announced volume's page (a visitor's too: 予約価格 and 配信日). */
export function loadPreorderOffer(context: AppLoadContext, bookId: number) {
  return volumePreorderOffer(context.services.db, context.request.member?.userId ?? null, bookId);
}
