import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "キャンペーン | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="キャンペーン" description="キャンペーンの対象作品一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
