import { InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";
import { RequestForm } from "../features/info/RequestForm";

export function meta() {
  return infoMeta(
    "作品リクエスト",
    "コマヤで読みたい作品をリクエストできます。作品名・著者名・出版社をお知らせください。",
  );
}

export default function Request() {
  return (
    <InfoArticle
      title="作品リクエスト"
      lead="コマヤで配信してほしいマンガ・ドラマCDを教えてください。いただいたリクエストは出版社との配信交渉の参考にします。"
    >
      <RequestForm />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
