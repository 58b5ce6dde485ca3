import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ヘルプ | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="ヘルプ" description="ストアのご利用方法をご案内します。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
