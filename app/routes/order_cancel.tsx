import { OrderCancelled } from "../features/checkout/OrderResult";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order_cancel";

export function meta() {
  return [{ title: "ご購入キャンセル | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return <OrderCancelled />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
