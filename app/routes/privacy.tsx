import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "プライバシーポリシー | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="プライバシーポリシー" description="個人情報の取り扱いについて。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
