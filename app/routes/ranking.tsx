import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ランキング | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="ランキング" description="デイリー・週間・月間のランキングです。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
