import { DemoCompanyNote, InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";
import { PRIVACY_TOC, PrivacyContent } from "../features/info/PrivacyContent";

export function meta() {
  return infoMeta(
    "プライバシーポリシー",
    "コマヤのプライバシーポリシー。取得する情報と利用目的、Cookie（ct・sid・vid）の利用、保存期間、退会時の取扱い、開示等のご請求についてご説明します。",
  );
}

export default function Privacy() {
  return (
    <InfoArticle
      title="プライバシーポリシー"
      updated="制定日：2024年4月1日／最終改定日：2026年4月1日"
      toc={PRIVACY_TOC}
    >
      <PrivacyContent />
      <DemoCompanyNote />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
