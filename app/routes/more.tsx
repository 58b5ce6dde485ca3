import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "作品一覧 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="作品一覧" description="特集の作品をすべて表示する画面です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
