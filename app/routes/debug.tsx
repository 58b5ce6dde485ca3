import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "デバッグ | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="デバッグ" description="運営スタッフ向けの確認画面です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
