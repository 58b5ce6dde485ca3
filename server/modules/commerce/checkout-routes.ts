import { Hono } from "hono";
import { checkoutRequest, paymentReference } from "../../../contract/checkout";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { publicOrigin } from "../../lib/public-origin";
import { cancelPayment, checkout, confirmPayment } from "./checkout";
import type { PaymentProvider } from "./payments/provider";

const CHECKOUT_LOGIN = "ご購入にはログインが必要です";

/**
 * /api/checkout and the confirmation step's two answers. The provider is handed in by the
 * app (the in-process sandbox unless another is configured) (docs/decisions/0016-checkout-and-payment-provider.md).
 */
export function checkoutRoutes(services: AppServices, provider: PaymentProvider) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/checkout", async (c) => {
    const member = requireMember(c, CHECKOUT_LOGIN);
    const body = await readJson(c, checkoutRequest);
    return c.json(
      await checkout(db, provider, {
        userId: member.userId,
        itemId: body.item,
        couponId: body.coupon || undefined,
        paymentType: body.payment_type,
        point: body.point,
        token: body.token,
        card: body.card,
        gift: body.gift && { email: body.gift.email, message: body.gift.message ?? null },
        origin: publicOrigin(services.env),
        savedCardId: body.saved_card,
        // Only the one-tap purchase confirms an amount; elsewhere the browser's numbers are not read.
        expectedAmount: body.saved_card !== undefined ? body.amount : undefined,
      }),
    );
  });

  routes.post("/checkout/confirm", async (c) => {
    const member = requireMember(c, CHECKOUT_LOGIN);
    const { reference } = await readJson(c, paymentReference);
    return c.json(
      await confirmPayment(
        db,
        provider,
        member.userId,
        reference,
        new Date(),
        publicOrigin(services.env),
      ),
    );
  });

  routes.post("/checkout/cancel", async (c) => {
    const member = requireMember(c, CHECKOUT_LOGIN);
    const { reference } = await readJson(c, paymentReference);
    return c.json(await cancelPayment(db, provider, member.userId, reference));
  });

  return routes;
}
