import { Hono } from "hono";
import {
  type OrderDetailAnswer,
  type OrderHistoryAnswer,
  orderDetailInput,
  orderHistoryInput,
} from "../../../contract/orders";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";

/** The order answers, assembled in server/pages/orders.ts; the router registry hands them in. */
export interface OrderPages {
  orderHistory(
    db: Db,
    userId: number,
    month: string | undefined,
    now: Date,
  ): Promise<OrderHistoryAnswer>;
  orderDetail(db: Db, userId: number, orderId: number): Promise<OrderDetailAnswer | null>;
}

const ORDER_LOGIN = "購入履歴をご覧になるにはログインしてください";

/** /api/order_history {month} and /api/order_detail {order} (spec 001 §7.4). */
export function orderRoutes(services: AppServices, pages: OrderPages) {
  const routes = new Hono<AppEnv>();
  routes.post("/order_history", async (c) => {
    const member = requireMember(c, ORDER_LOGIN);
    const { month } = await readJson(c, orderHistoryInput);
    const answer = await pages.orderHistory(services.db, member.userId, month, new Date());
    return c.json({ result: true, ...answer });
  });
  routes.post("/order_detail", async (c) => {
    const member = requireMember(c, ORDER_LOGIN);
    const { order } = await readJson(c, orderDetailInput);
    const answer = await pages.orderDetail(services.db, member.userId, order);
    if (!answer) throw new NotFound("ご注文が見つかりませんでした");
    return c.json({ result: true, ...answer });
  });
  return routes;
}
