import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "よくある質問 | コマヤ" }];
}

export default function Screen() {
  return <ComingSoon title="よくある質問" description="よくいただくご質問と回答です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
