import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "特集 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="特集" description="編集部による特集記事の一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
