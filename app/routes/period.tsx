import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "作品詳細 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="作品詳細" description="作品の配信期間と詳細をご案内する画面です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
