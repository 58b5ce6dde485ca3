import { NavLink } from "react-router";
import { CAMPAIGN_STATES } from "../../../contract/ops-campaigns-rules";
import "../ops-catalog/ops-catalog.css";
import "../ops-extras/ops-extras.css";
import "./ops-campaigns.css";

/** The campaign editor's menu, under the ops header: the campaigns, then ポイント還元. */
export function CampaignNav() {
  return (
    <nav className="catalog-nav" aria-label="キャンペーンメニュー">
      <NavLink to="/ops/campaigns" end>
        キャンペーン一覧
      </NavLink>
      <NavLink to="/ops/campaigns/new">キャンペーンを追加</NavLink>
      <NavLink to="/ops/campaigns/refunds" end>
        ポイント還元
      </NavLink>
      <NavLink to="/ops/campaigns/refunds/new">ポイント還元を追加</NavLink>
    </nav>
  );
}

type State = keyof typeof CAMPAIGN_STATES;
const FILTERS = [["", "すべて"], ...Object.entries(CAMPAIGN_STATES)] as const;

/** The state a list is filtered by, as its search and pager carry it. */
export const stateKept = (state: State | undefined): Record<string, string> =>
  state ? { state } : {};

/** 開催中・予定・終了: a filter that keeps the search it was chosen with. */
export function StateFilter(props: { base: string; q: string; state: State | undefined }) {
  const href = (key: string) => {
    const params = new URLSearchParams(key ? { state: key } : {});
    if (props.q) params.set("q", props.q);
    const query = params.toString();
    return query ? `${props.base}?${query}` : props.base;
  };
  return (
    <nav className="campaign-states" aria-label="開催状況で絞り込む">
      {FILTERS.map(([key, label]) => (
        <a
          key={key}
          href={href(key)}
          aria-current={key === (props.state ?? "") ? "page" : undefined}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
