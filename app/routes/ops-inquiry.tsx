import { InquiryThread } from "../features/ops-members/InquiryThread";
import { loadInquiry } from "../features/ops-members/ops-inbox.server";
import "../features/ops-members/ops-members.css";
import type { Route } from "./+types/ops-inquiry";

export function meta({ data }: Route.MetaArgs) {
  const name = data?.inquiry.subject ?? data?.inquiry.receipt_no ?? "お問い合わせ";
  return [{ title: `${name} | お問い合わせ | コマヤ運営` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadInquiry(context, request, params.inquiryId);
}

export default function OpsInquiry({ loaderData }: Route.ComponentProps) {
  return <InquiryThread page={loaderData} />;
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
