import { ComingSoon } from "../components/ComingSoon";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/point_detail";

export function meta() {
  return [{ title: "ポイント履歴 | コマヤ" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return (
    <ComingSoon title="ポイント履歴" description="ポイントの獲得・利用と有効期限の履歴です。" />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
