import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ユーザーレビュー | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="ユーザーレビュー" description="ユーザーごとのレビュー一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
