import { HELP_TOC, HelpContent } from "../features/info/HelpContent";
import { InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "ヘルプ",
    "コマヤの使い方ガイド。作品の読み方、購入方法、クーポン・ポイントの使い方、本棚、ドラマCDの再生、推奨環境をご案内します。",
  );
}

export default function Help() {
  return (
    <InfoArticle
      title="ヘルプ"
      lead="コマヤでマンガを読む・買う・ドラマCDを聴くための使い方をまとめています。"
      toc={HELP_TOC}
    >
      <HelpContent />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
