import { AbjContent } from "../features/info/AbjContent";
import { InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "ABJマークについて",
    "ABJマークは、著作権者からコンテンツ使用許諾を得た正規版の電子書店・電子書籍配信サービスであることを示す登録商標です。",
  );
}

export default function Abj() {
  return (
    <InfoArticle title="ABJマークについて">
      <AbjContent />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
