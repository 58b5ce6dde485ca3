import { type AppLoadContext, data, redirect } from "react-router";
import { cartQuery } from "../../../contract/cart";
import { checkoutQuery, GIFT_QUERY } from "../../../contract/checkout";
import { NOT_KEPT_HEADER } from "../../../contract/kept-page";
import { idFromPath } from "../../../contract/row-id";
import { cartPage, checkoutPage } from "../../../server/pages/cart";
import { orPageFailure } from "../../lib/page-failure.server";

/** ?coupon= from the address: a coupon id, 0 for none, absent (or unreadable) for the best. */
function couponOf(request: Request): number | undefined {
  const raw = new URL(request.url).searchParams.get("coupon");
  const parsed = cartQuery.safeParse({ coupon: raw ?? undefined });
  return parsed.success ? parsed.data.coupon : undefined;
}

export async function loadCart(context: AppLoadContext, userId: number, request: Request) {
  const cart = await orPageFailure(() =>
    cartPage(context.services.db, userId, { coupon: couponOf(request) }, new Date()),
  );
  // Volumes found owned leave the cart as it is read, and the page says so once: not again
  // from a kept render (decision 0080).
  return data(cart, cart.duplicate ? { headers: { [NOT_KEPT_HEADER]: "1" } } : {});
}

/**
 * /order (the whole cart) or /order/{itemId} (one volume now). An empty cart has nothing to
 * check out: back to the cart, which says so.
 */
export async function loadCheckout(
  context: AppLoadContext,
  userId: number,
  request: Request,
  rawItemId?: string,
) {
  const coupon = couponOf(request);
  let item: number | undefined;
  // /order/{itemId}?gift=1: the one volume bought for someone else (decision 0113).
  const gift = rawItemId !== undefined && new URL(request.url).searchParams.get(GIFT_QUERY) === "1";
  if (rawItemId !== undefined) {
    const id = idFromPath(rawItemId);
    const parsed = checkoutQuery.safeParse({ item: id ?? undefined });
    if (id === null || !parsed.success) throw redirect("/cart");
    item = parsed.data.item;
  }
  const checkout = await orPageFailure(() =>
    checkoutPage(context.services.db, userId, { item, coupon, gift }, new Date()),
  );
  const lines = checkout.items_child.reduce((n, g) => n + g.items.length, 0);
  if (lines === 0 && item === undefined) throw redirect("/cart");
  return { checkout, itemId: item ?? null, gift };
}
