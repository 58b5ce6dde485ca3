import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "無料で読める作品 | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="無料で読める作品"
      description="無料で読めるマンガをジャンル別にご紹介する画面です。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
