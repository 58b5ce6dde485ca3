import { ComingSoon } from "../components/ComingSoon";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order_cancel";

export function meta() {
  return [{ title: "ご購入の中止 | コマヤ" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return <ComingSoon title="ご購入の中止" description="ご購入手続きを中止した画面です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
