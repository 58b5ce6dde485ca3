import {
  CAMPAIGN_KIND_SHORT,
  CAMPAIGN_STATES,
  type CampaignEditorRow,
} from "../../contract/ops-campaigns-rules";
import { CampaignNav, StateFilter, stateKept } from "../features/ops-campaigns/CampaignNav";
import { loadCampaignList } from "../features/ops-campaigns/ops-campaigns.server";
import type { Column } from "../features/ops-catalog/CatalogTable";
import { ExtrasListPanel } from "../features/ops-extras/ExtrasNav";
import type { Route } from "./+types/ops-campaigns";

export function meta() {
  return [{ title: "キャンペーン管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCampaignList(context, request);
}

const when = (s: string | null) => (s ? s.replace("T", " ") : "終了日なし");

const COLUMNS: Column<CampaignEditorRow>[] = [
  { label: "ID", cell: (c) => c.campaign_id },
  {
    label: "キャンペーン名",
    cell: (c) => <a href={`/ops/campaigns/${c.campaign_id}`}>{c.name}</a>,
  },
  {
    label: "種類",
    cell: (c) => <span className="campaign-nowrap">{CAMPAIGN_KIND_SHORT[c.kind]}</span>,
  },
  { label: "特典", cell: (c) => c.offer },
  {
    label: "対象",
    cell: (c) => <span className="campaign-nowrap">{c.targets > 0 ? `${c.targets}件` : "—"}</span>,
  },
  {
    label: "期間（東京）",
    short: "期間",
    cell: (c) => `${when(c.start_at)} 〜 ${when(c.end_at)}`,
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

/** /ops/campaigns: every campaign, latest start first, filtered by 開催中・予定・終了. */
export default function OpsCampaigns({ loaderData }: Route.ComponentProps) {
  const { query, list, mayWrite } = loaderData;
  const state = query.state;
  return (
    <>
      <h1 className="ops-title">キャンペーン管理</h1>
      <CampaignNav />
      <StateFilter base="/ops/campaigns" q={query.q} state={state} />
      <ExtrasListPanel
        base="/ops/campaigns"
        q={query.q}
        search="キャンペーン名・ID"
        add={mayWrite ? { to: "/ops/campaigns/new", label: "キャンペーンを追加する" } : null}
        heading={state ? `${CAMPAIGN_STATES[state]}のキャンペーン` : "キャンペーン"}
        empty="キャンペーンはありません"
        list={list}
        keep={stateKept(state)}
        columns={COLUMNS}
        rowKey={(c) => c.campaign_id}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
