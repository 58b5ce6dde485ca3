import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "作品詳細 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="作品詳細" description="作品の情報と巻の一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
