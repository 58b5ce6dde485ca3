import { loadCheckout } from "../features/cart/cart.server";
import { CheckoutScreen } from "../features/checkout/CheckoutScreen";
import { errorMeta } from "../features/seo/seo";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order-item";

export function meta({ error }: Route.MetaArgs) {
  return (
    errorMeta(error) ?? [{ title: "ご購入手続き | コマヤ" }, { name: "robots", content: "noindex" }]
  );
}

/** /order/{itemId}: buy one volume now, from its series page, without the cart (?gift=1: as a gift). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadCheckout(context, member.userId, request, params.itemId);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <CheckoutScreen key={loaderData.checkout.token} {...loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
