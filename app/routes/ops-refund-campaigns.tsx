import { CAMPAIGN_STATES } from "../../contract/ops-campaigns-rules";
import type { RefundCampaignRow } from "../../contract/ops-refund-campaigns-rules";
import { CampaignNav, StateFilter, stateKept } from "../features/ops-campaigns/CampaignNav";
import { loadRefundCampaignList } from "../features/ops-campaigns/ops-campaigns.server";
import type { Column } from "../features/ops-catalog/CatalogTable";
import { ExtrasListPanel } from "../features/ops-extras/ExtrasNav";
import type { Route } from "./+types/ops-refund-campaigns";

export function meta() {
  return [{ title: "ポイント還元 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRefundCampaignList(context, request);
}

const when = (s: string) => s.replace("T", " ");
const points = (n: number) => `${n.toLocaleString("ja-JP")}pt`;

const COLUMNS: Column<RefundCampaignRow>[] = [
  { label: "ID", cell: (c) => c.refund_id },
  {
    label: "キャンペーン名",
    cell: (c) => <a href={`/ops/campaigns/refunds/${c.refund_id}`}>{c.name}</a>,
  },
  { label: "還元率", cell: (c) => <span className="campaign-nowrap">{c.rate_percent}%</span> },
  {
    label: "購入期間（東京）",
    short: "購入期間",
    cell: (c) => `${when(c.purchase_start_at)} 〜 ${when(c.purchase_end_at)}`,
  },
  {
    label: "付与日",
    cell: (c) => <span className="campaign-nowrap">{c.period_date}</span>,
  },
  {
    label: "注文",
    cell: (c) => <span className="campaign-nowrap">{c.orders.toLocaleString("ja-JP")}件</span>,
  },
  {
    label: "付与済み／予定",
    short: "ポイント",
    cell: (c) => (
      <span className="campaign-nowrap">
        {points(c.points_granted)}／{points(c.points_pending)}
      </span>
    ),
  },
  {
    label: "状態",
    cell: (c) => (
      <span className={`campaign-state campaign-state--${c.state}`}>
        {CAMPAIGN_STATES[c.state]}
      </span>
    ),
  },
];

/**
 * /ops/campaigns/refunds: the ポイント還元 campaigns, latest window first, with what their windows
 * hold so far, filtered by 開催中・予定・終了 (of the purchase window).
 */
export default function OpsRefundCampaigns({ loaderData }: Route.ComponentProps) {
  const { query, list, mayWrite } = loaderData;
  const state = query.state;
  return (
    <>
      <h1 className="ops-title">ポイント還元</h1>
      <CampaignNav />
      <StateFilter base="/ops/campaigns/refunds" q={query.q} state={state} />
      <ExtrasListPanel
        base="/ops/campaigns/refunds"
        q={query.q}
        search="キャンペーン名・ID"
        add={
          mayWrite ? { to: "/ops/campaigns/refunds/new", label: "ポイント還元を追加する" } : null
        }
        heading={state ? `${CAMPAIGN_STATES[state]}のポイント還元` : "ポイント還元"}
        empty="ポイント還元キャンペーンはありません"
        list={list}
        keep={stateKept(state)}
        columns={COLUMNS}
        rowKey={(c) => c.refund_id}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
