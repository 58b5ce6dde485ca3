import { ComingSoon } from "../components/ComingSoon";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/order";

export function meta() {
  return [{ title: "ご購入手続き | コマヤ" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return (
    <ComingSoon
      title="ご購入手続き"
      description="クーポンとポイントを使ってご購入いただく画面です。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
