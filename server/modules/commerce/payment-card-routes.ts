import { Hono } from "hono";
import { z } from "zod";
import { recordId } from "../../../contract/input";
import { addCardRequest } from "../../../contract/payment-cards";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import { addCard, memberCards, removeCard } from "./payment-cards";
import type { PaymentProvider } from "./payments/provider";

const CARDS_LOGIN = "カードの登録にはログインが必要です";

/** Cards offered to the provider, per member: enough for typos and a declined card, not for testing stolen numbers. */
export const CARD_ADDS: LimitRule = { name: "payment-card-add", points: 10, windowSeconds: 3600 };
const CARD_ADDS_THROTTLED =
  "カードの登録を続けて試されたため、しばらくお待ちください。時間をおいてもう一度お試しください";

const addBody = addCardRequest.and(
  z.object({
    request_id: z
      .string({ message: "request_id を指定してください" })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, "request_id が正しくありません"),
  }),
);
const removeBody = z.object({ card_id: recordId("card_id") });

/**
 * /api/payment_cards: the member's saved cards (decision 0111): list, add (rate-limited per
 * member, the card checked by the provider) and remove, each only for the signed-in member's own
 * cards. CSRF is checked for every POST by the app.
 */
export function paymentCardRoutes(services: AppServices, provider: PaymentProvider) {
  const { db, limiter } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/payment_cards", async (c) => {
    const member = requireMember(c, CARDS_LOGIN);
    return c.json({ result: true, cards: await memberCards(db, member.userId, new Date()) });
  });

  routes.post("/payment_cards", async (c) => {
    const member = requireMember(c, CARDS_LOGIN);
    const body = await readJson(c, addBody);
    await throttle(c, limiter, CARD_ADDS, String(member.userId), CARD_ADDS_THROTTLED);
    const { request_id, ...card } = body;
    return c.json(
      await addCard(db, provider, { userId: member.userId, requestKey: request_id, card }),
    );
  });

  routes.post("/payment_cards/remove", async (c) => {
    const member = requireMember(c, CARDS_LOGIN);
    const { card_id } = await readJson(c, removeBody);
    await removeCard(db, provider, member.userId, card_id);
    return c.json({ result: true, cards: await memberCards(db, member.userId, new Date()) });
  });

  return routes;
}
