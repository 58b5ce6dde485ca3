import { ComingSoon } from "../components/ComingSoon";

export function meta() {
  return [{ title: "日替わり特集 | コマヤ" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="日替わり特集"
      description="毎日更新のおすすめ作品と新刊をご紹介する画面です。"
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
