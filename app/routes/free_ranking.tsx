import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "無料ランキング | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="無料ランキング" description="無料作品のランキングです。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
