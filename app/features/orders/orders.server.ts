import { type AppLoadContext, data } from "react-router";
import { orderMonth } from "../../../contract/orders";
import { idFromPath } from "../../../contract/row-id";
import { orderDetail, orderHistory } from "../../../server/pages/orders";

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

/** /order_complete?order=…: one of the member's orders; anyone else's is not found. */
export async function loadOrderDetail(context: AppLoadContext, userId: number, request: Request) {
  const orderId = idFromPath(new URL(request.url).searchParams.get("order"));
  const detail = orderId === null ? null : await orderDetail(context.services.db, userId, orderId);
  if (!detail) throw data("ご注文が見つかりませんでした", { status: 404 });
  return detail;
}
