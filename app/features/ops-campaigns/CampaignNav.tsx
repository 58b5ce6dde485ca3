import { NavLink } from "react-router";
import "../ops-catalog/ops-catalog.css";
import "../ops-extras/ops-extras.css";
import "./ops-campaigns.css";

/** The campaign editor's menu, under the ops header. */
export function CampaignNav() {
  return (
    <nav className="catalog-nav" aria-label="キャンペーンメニュー">
      <NavLink to="/ops/campaigns" end>
        キャンペーン一覧
      </NavLink>
      <NavLink to="/ops/campaigns/new">キャンペーンを追加</NavLink>
    </nav>
  );
}
