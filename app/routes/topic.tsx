import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "特集ページ | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="特集ページ" description="特集ページです。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
