import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "お知らせ | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="お知らせ" description="ストアからのお知らせ一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
