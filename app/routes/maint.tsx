import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "メンテナンス中 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="メンテナンス中" description="ただいまメンテナンス中です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
