import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "レビュー | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="レビュー" description="みんなのレビュー一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
