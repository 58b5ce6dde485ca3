import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "キャンペーン一覧 | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="キャンペーン一覧"
      description="開催中のキャンペーンをまとめてご覧いただける画面です。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
