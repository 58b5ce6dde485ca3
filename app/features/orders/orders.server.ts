import type { AppLoadContext } from "react-router";
import { orderMonth } from "../../../contract/orders";
import { orderHistory } from "../../../server/pages/orders";

/**
 * /order_history?month=202611: a month the member picks, or their newest; an address with a
 * malformed month shows the newest rather than an error, as a shopper's bookmark may be old.
 */
export async function loadOrderHistory(context: AppLoadContext, userId: number, request: Request) {
  const asked = orderMonth.safeParse(new URL(request.url).searchParams.get("month") ?? undefined);
  return orderHistory(
    context.services.db,
    userId,
    asked.success ? asked.data : undefined,
    new Date(),
  );
}
