import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "巻の詳細 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="巻の詳細" description="巻ごとの情報です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
