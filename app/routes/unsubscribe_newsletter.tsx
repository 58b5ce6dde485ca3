import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "メールマガジンの配信停止 | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="メールマガジンの配信停止"
      description="メールマガジンの配信を停止する画面です。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
