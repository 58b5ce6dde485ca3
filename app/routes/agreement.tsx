import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "利用規約 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="利用規約" description="ストアの利用規約です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
