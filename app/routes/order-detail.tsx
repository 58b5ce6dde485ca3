import { ComingSoon } from "../components/ComingSoon";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order-detail";

export function meta() {
  return [{ title: "購入履歴の詳細 | コマヤ" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return <ComingSoon title="購入履歴の詳細" description="ご注文の詳細です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
