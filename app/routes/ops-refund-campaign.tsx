import { CampaignNav } from "../features/ops-campaigns/CampaignNav";
import { loadRefundCampaign } from "../features/ops-campaigns/ops-campaigns.server";
import { RefundCampaignForm } from "../features/ops-campaigns/RefundCampaignForm";
import { ExtrasRights } from "../features/ops-extras/ExtrasNav";
import type { Route } from "./+types/ops-refund-campaign";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.campaign?.name;
  return [
    { title: `${name ? `${name} | ` : "ポイント還元を追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadRefundCampaign(context, request, params.refundId);
}

/** /ops/campaigns/refunds/new and /ops/campaigns/refunds/:id: one ポイント還元 campaign. */
export default function OpsRefundCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign, mayWrite, maySchedule } = loaderData;
  return (
    <>
      <h1 className="ops-title">{campaign ? campaign.name : "ポイント還元を追加"}</h1>
      <CampaignNav />
      <ExtrasRights mayWrite={mayWrite}>
        <RefundCampaignForm
          key={campaign?.refund_id ?? "new"}
          campaign={campaign}
          mayWrite={mayWrite}
          maySchedule={maySchedule}
        />
      </ExtrasRights>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
