import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "特定商取引法に基づく表記 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="特定商取引法に基づく表記" description="販売事業者の表記です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
