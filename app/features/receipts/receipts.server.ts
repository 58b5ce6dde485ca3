import { type AppLoadContext, data } from "react-router";
import { idFromPath } from "../../../contract/row-id";
import { receiptPage } from "../../../server/pages/receipts";

/** /receipt?order=…: the member's own paid order only; any other is not found. */
export async function loadReceipt(context: AppLoadContext, userId: number, request: Request) {
  const orderId = idFromPath(new URL(request.url).searchParams.get("order"));
  const answer =
    orderId === null
      ? null
      : await receiptPage(context.services.db, context.services.env, userId, orderId, new Date());
  if (!answer) throw data("領収書を発行できるご注文が見つかりませんでした", { status: 404 });
  return answer;
}
