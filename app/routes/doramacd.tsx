import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ドラマCD | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon title="ドラマCD" description="ドラマCDを作品・キャスト別にさがせる画面です。" />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
