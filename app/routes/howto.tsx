import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "はじめての方へ | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="はじめての方へ" description="ストアの使い方をご案内します。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
