import { OrderError } from "../features/checkout/OrderResult";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order_error";

export function meta() {
  return [{ title: "ご購入エラー | コマヤ" }, { name: "robots", content: "noindex" }];
}

/** The reason travels in the address (?reason=) and is shown as plain text, at most one line. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  const reason = new URL(request.url).searchParams.get("reason") ?? "";
  return { reason: reason.replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, 200) };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <OrderError reason={loaderData.reason} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
