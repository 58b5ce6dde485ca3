import { InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";
import { OpinionForm } from "../features/info/OpinionForm";

export function meta() {
  return infoMeta(
    "ご意見・ご感想",
    "コマヤへのご意見・ご感想をお聞かせください。いただいた声はサービスの改善に役立てます。",
  );
}

export default function Opinion() {
  return (
    <InfoArticle
      title="ご意見・ご感想"
      lead="使い心地やほしい機能など、お気軽にお聞かせください。お返事が必要なお問い合わせはお問い合わせフォームをご利用ください。"
    >
      <OpinionForm />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
