import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ログアウト | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="ログアウト" description="ログアウトの画面です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
