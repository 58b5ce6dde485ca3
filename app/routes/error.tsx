import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "エラー | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="エラー" description="エラーが発生しました。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
