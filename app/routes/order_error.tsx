import { orderErrorMessage } from "../../contract/checkout";
import { OrderError } from "../features/checkout/OrderResult";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order_error";

export function meta() {
  return [{ title: "ご購入エラー | コマヤ" }, { name: "robots", content: "noindex" }];
}

/**
 * The link names why (?code=) and the page says it in the store's own words: any other text in
 * the link is never shown, so nobody can make this page say what they like.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return { reason: orderErrorMessage(new URL(request.url).searchParams.get("code")) };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <OrderError reason={loaderData.reason} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
