import type { CampaignEntry } from "../../../contract/campaign";
import type { PolicyType } from "../../../contract/items";
import { EMPTY_LIST } from "../cards/SeriesCards";
import { CampaignBanner } from "./CampaignBanner";
import "./campaign.css";

export function CampaignGrid({ campaigns }: { campaigns: readonly CampaignEntry[] }) {
  if (campaigns.length === 0) return <p className="empty">{EMPTY_LIST}</p>;
  return (
    <ul className="campaign-list">
      {campaigns.map((c) => (
        <li key={c.campaign_id}>
          <CampaignBanner
            campaign={c}
            policies={c.policies.map((p) => p.policy_type as PolicyType)}
          />
        </li>
      ))}
    </ul>
  );
}
