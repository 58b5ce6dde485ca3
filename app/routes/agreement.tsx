import { AgreementContent } from "../features/info/AgreementContent";
import { DemoCompanyNote, InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "利用規約",
    "電子書籍・ドラマCD配信サービス「コマヤ」の利用規約です。会員登録、コンテンツの利用許諾、購入、ポイント・クーポン、禁止事項、退会などを定めています。",
  );
}

export default function Agreement() {
  return (
    <InfoArticle title="利用規約" updated="制定日：2024年4月1日／最終改定日：2026年4月1日">
      <AgreementContent />
      <p className="info__updated">以上</p>
      <DemoCompanyNote />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
