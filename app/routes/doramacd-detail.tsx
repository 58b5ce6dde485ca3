import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ドラマCD詳細 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="ドラマCD詳細" description="ドラマCDのトラック一覧と試聴の画面です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
