import { InfoArticle, InfoLink } from "../features/info/InfoArticle";
import { InquiryForm } from "../features/info/InquiryForm";
import { infoMeta } from "../features/info/meta";
import type { Route } from "./+types/inquiry";

export function meta() {
  return infoMeta(
    "お問い合わせ",
    "コマヤへのお問い合わせフォーム。作品の購入、お支払い、ポイント・クーポン、閲覧の不具合、アカウントについてお気軽にご連絡ください。",
  );
}

export function loader({ context }: Route.LoaderArgs) {
  return { memberEmail: context.request.member?.email ?? null };
}

export default function Inquiry({ loaderData }: Route.ComponentProps) {
  return (
    <InfoArticle
      title="お問い合わせ"
      lead={
        <>
          お問い合わせの前に<InfoLink to="/faq">よくある質問</InfoLink>
          もご覧ください。回答はご入力のメールアドレスにお送りします（通常3営業日以内）。
        </>
      }
    >
      <InquiryForm memberEmail={loaderData.memberEmail} />
    </InfoArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
