import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "おすすめ作品 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="おすすめ作品" description="あなたへのおすすめ作品の一覧です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
