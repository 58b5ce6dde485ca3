import { InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";
import { RecruitContent } from "../features/info/RecruitContent";

export function meta() {
  return infoMeta(
    "採用情報",
    "株式会社コマヤの採用情報。ストア編成・キャンペーンプランナー、Webアプリケーションエンジニア、カスタマーサポートを募集しています。",
  );
}

export default function Recruit() {
  return (
    <InfoArticle title="採用情報">
      <RecruitContent />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
