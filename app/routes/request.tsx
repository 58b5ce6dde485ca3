import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "作品リクエスト | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon title="作品リクエスト" description="配信してほしい作品のリクエストフォームです。" />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
