import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "検索結果 | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon title="検索結果" description="作品名・著者名・タグなどで作品をさがす画面です。" />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
