import { DemoCompanyNote, InfoArticle } from "../features/info/InfoArticle";
import { LegalContent } from "../features/info/LegalContent";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "特定商取引法に基づく表記",
    "コマヤの特定商取引法に基づく表記。販売事業者、所在地、連絡先、販売価格、支払方法、引渡し時期、返品についてのご案内です。",
  );
}

export default function Legal() {
  return (
    <InfoArticle title="特定商取引法に基づく表記">
      <LegalContent />
      <DemoCompanyNote />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
