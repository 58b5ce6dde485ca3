import { Link } from "react-router";
import type { PolicyType } from "../../../contract/items";
import { safeLinkUrl, sameSitePath } from "../../../contract/safe-url";
import "./campaign.css";

const POLICY_NAMES: Record<PolicyType, string> = {
  101: "SALE",
  102: "無料",
  103: "会員無料",
  104: "立ち読み増量",
  105: "立ち読み増量",
  106: "特典",
};

/** A campaign banner (702×240) with its name, benefits and end date, leading to its page. */
export function CampaignBanner(props: {
  campaign: {
    campaign_id: number;
    name: string;
    img: string;
    url: string;
    end_date_label?: string;
    end_date?: string;
    coupon_flag?: boolean;
    info_flag?: boolean;
  };
  policies: readonly PolicyType[];
  headingLevel?: 2 | 3;
}) {
  const { campaign } = props;
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  const labels = [...new Set(props.policies.map((p) => POLICY_NAMES[p]))];
  if (campaign.coupon_flag) labels.unshift("クーポン");
  const end =
    campaign.end_date_label ||
    (campaign.end_date ? `${campaign.end_date.slice(5, 10).replace("-", "/")}まで` : "");
  const inner = (
    <>
      <img src={campaign.img} alt="" width={702} height={240} loading="lazy" decoding="async" />
      {/* A heading may sit in a div inside the link, never in a span. */}
      <div className="campaign-banner__body">
        <Heading className="campaign-banner__name">{campaign.name}</Heading>
        <span className="campaign-banner__meta">
          {labels.map((l) => (
            <span key={l} className="campaign-banner__label">
              {l}
            </span>
          ))}
          {end && <span className="campaign-banner__end">{end}</span>}
        </span>
      </div>
    </>
  );
  const path = sameSitePath(campaign.url);
  if (path !== null) {
    return (
      <Link className="campaign-banner" to={path}>
        {inner}
      </Link>
    );
  }
  const external = safeLinkUrl(campaign.url);
  return external ? (
    <a className="campaign-banner" href={external} rel="noopener">
      {inner}
    </a>
  ) : (
    <span className="campaign-banner">{inner}</span>
  );
}
