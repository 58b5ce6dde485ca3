import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "たくさん無料 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="たくさん無料" description="無料で読める巻数が多い作品の一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
