import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "トピック編集テスト | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="トピック編集テスト"
      description="トピックページの内容を編集して確認する画面です。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
