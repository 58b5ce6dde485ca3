import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "ご意見・ご要望 | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="ご意見・ご要望"
      description="ストアへのご意見をお寄せいただくフォームです。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
