import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "お問い合わせ | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="お問い合わせ" description="お問い合わせフォームです。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
