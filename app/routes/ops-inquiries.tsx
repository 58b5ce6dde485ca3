import { InquiryInbox } from "../features/ops-members/InquiryInbox";
import { loadInbox } from "../features/ops-members/ops-inbox.server";
import "../features/ops-members/ops-members.css";
import type { Route } from "./+types/ops-inquiries";

export function meta() {
  return [{ title: "お問い合わせ | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadInbox(context, request);
}

export default function OpsInquiries({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="ops-title">お問い合わせ</h1>
      <p className="ops-note">
        お問い合わせ・ご意見・作品リクエストの各フォームから届いたメッセージです。返信はメールで送信者に届きます。
      </p>
      <InquiryInbox answer={loaderData} />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
