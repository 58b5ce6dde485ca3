import { AppGuide } from "../features/info/AppGuide";
import { InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "コマヤ公式アプリ",
    "コマヤ公式アプリなら、購入したマンガをダウンロードしてオフラインで読めて、新刊や無料公開の通知も届きます。動作環境とダウンロードのご案内です。",
  );
}

export default function AppPage() {
  return (
    <InfoArticle
      title="コマヤ公式アプリ"
      lead="購入したマンガもドラマCDも、アプリでもっと快適に。Web版と同じアカウントで使えます。"
    >
      <AppGuide />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
