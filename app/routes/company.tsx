import { CompanyContent } from "../features/info/CompanyContent";
import { DemoCompanyNote, InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "運営会社",
    "電子コミック・ドラマCDストア「コマヤ」を運営する株式会社コマヤの会社概要、沿革、所在地のご案内です。",
  );
}

export default function Company() {
  return (
    <InfoArticle title="運営会社">
      <CompanyContent />
      <DemoCompanyNote />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
