import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ページ | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="ページ" description="ストアの案内ページです。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
