import type { AppLoadContext } from "react-router";
import { standingOrdersOf } from "../../../server/pages/standing-orders";

export function loadStandingOrders(context: AppLoadContext, userId: number) {
  return standingOrdersOf(context.services.db, userId);
}
