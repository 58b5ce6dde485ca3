import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "作品レビュー | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="作品レビュー" description="作品ごとのレビュー一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
