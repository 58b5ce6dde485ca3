import {
  CampaignBannerUpload,
  CampaignPreview,
} from "../features/ops-campaigns/CampaignBannerUpload";
import { CampaignForm } from "../features/ops-campaigns/CampaignForm";
import { CampaignNav } from "../features/ops-campaigns/CampaignNav";
import { loadCampaign } from "../features/ops-campaigns/ops-campaigns.server";
import { ExtrasRights } from "../features/ops-extras/ExtrasNav";
import type { Route } from "./+types/ops-campaign";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.campaign?.name;
  return [
    { title: `${name ? `${name} | ` : "キャンペーンを追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCampaign(context, request, params.campaignId);
}

/** /ops/campaigns/new and /ops/campaigns/:id: a campaign, its banner and its page's preview. */
export default function OpsCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign, choices, mayWrite, maySchedule } = loaderData;
  return (
    <>
      <h1 className="ops-title">{campaign ? campaign.name : "キャンペーンを追加"}</h1>
      <CampaignNav />
      <ExtrasRights mayWrite={mayWrite}>
        <CampaignForm
          key={campaign?.campaign_id ?? "new"}
          campaign={campaign}
          choices={choices}
          mayWrite={mayWrite}
          maySchedule={maySchedule}
        />
        {campaign ? <CampaignBannerUpload campaign={campaign} mayWrite={mayWrite} /> : null}
        {campaign && campaign.kind !== "info" ? (
          <CampaignPreview campaignId={campaign.campaign_id} version={JSON.stringify(campaign)} />
        ) : null}
      </ExtrasRights>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
