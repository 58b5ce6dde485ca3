import { HowtoContent } from "../features/info/HowtoContent";
import { InfoArticle } from "../features/info/InfoArticle";
import { infoMeta } from "../features/info/meta";

export function meta() {
  return infoMeta(
    "はじめての方へ",
    "はじめてコマヤをご利用の方へ。無料会員登録の特典、会員限定の無料巻、試し読み、作品の購入方法をご紹介します。",
  );
}

export default function Howto() {
  return (
    <InfoArticle
      title="はじめての方へ"
      lead="無料の作品や試し読みは、登録なしですぐに読めます。会員登録（無料）をすると、さらにお得に楽しめます。"
    >
      <HowtoContent />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
