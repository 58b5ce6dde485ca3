import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ABJマークについて | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="ABJマークについて" description="ABJマークのご説明です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
