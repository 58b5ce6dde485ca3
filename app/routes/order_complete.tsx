import { OrderComplete } from "../features/checkout/OrderResult";
import { loadOrderDetail } from "../features/orders/orders.server";
import { errorMeta } from "../features/seo/seo";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order_complete";

export function meta({ error }: Route.MetaArgs) {
  return (
    errorMeta(error) ?? [{ title: "ご購入完了 | コマヤ" }, { name: "robots", content: "noindex" }]
  );
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadOrderDetail(context, member.userId, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <OrderComplete detail={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
