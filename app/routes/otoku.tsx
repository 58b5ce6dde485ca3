import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "おトクなキャンペーン | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="おトクなキャンペーン"
      description="新着・まもなく終了・無料・SALE のキャンペーン一覧です。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
