import { FaqContent } from "../features/info/FaqContent";
import { InfoArticle, InfoLink } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "よくある質問",
    "会員登録・ログイン、購入・お支払い、ポイント・クーポン、作品の閲覧、ドラマCD、退会についてのよくある質問と回答です。",
  );
}

export default function Faq() {
  return (
    <InfoArticle
      title="よくある質問"
      lead={
        <>
          質問を選ぶと回答が開きます。解決しない場合は
          <InfoLink to="/inquiry">お問い合わせ</InfoLink>
          ください。
        </>
      }
    >
      <FaqContent />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
