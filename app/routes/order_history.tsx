import { OrderHistoryScreen } from "../features/orders/OrderHistoryScreen";
import { loadOrderHistory } from "../features/orders/orders.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order_history";

export function meta() {
  return [{ title: "購入履歴 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadOrderHistory(context, member.userId, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <OrderHistoryScreen history={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
