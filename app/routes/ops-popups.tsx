import { POPUP_PAGE_LABELS, type PopupEditorRow } from "../../contract/ops-popups-rules";
import type { Column } from "../features/ops-catalog/CatalogTable";
import { ExtrasListPanel } from "../features/ops-extras/ExtrasNav";
import { loadPopupList } from "../features/ops-popups/ops-popups.server";
import { CountRange, clickRate, PopupStateBadge } from "../features/ops-popups/PopupsNav";
import type { Route } from "./+types/ops-popups";

export function meta() {
  return [{ title: "ポップアップ管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPopupList(context, request);
}

const pageName = (page: string) =>
  POPUP_PAGE_LABELS[page as keyof typeof POPUP_PAGE_LABELS] ?? page;

const COLUMNS: Column<PopupEditorRow>[] = [
  { label: "ID", cell: (p) => p.popup_id },
  {
    label: "タイトル",
    cell: (p) => <a href={`/ops/popups/${p.popup_id}`}>{p.title || p.tracking_name}</a>,
  },
  { label: "種類", cell: (p) => p.popup_type },
  { label: "ページ", cell: (p) => pageName(p.page) },
  { label: "優先度", cell: (p) => p.priority },
  {
    label: "表示期間（東京）",
    short: "期間",
    cell: (p) => `${p.start_at.replace("T", " ")}〜${p.end_at?.replace("T", " ") ?? ""}`,
  },
  { label: "状態", cell: (p) => <PopupStateBadge state={p.state} /> },
  { label: "表示", cell: (p) => <span className="popups-num">{p.impressions}</span> },
  { label: "閉じる", cell: (p) => <span className="popups-num">{p.closes}</span> },
  { label: "クリック", cell: (p) => <span className="popups-num">{p.clicks}</span> },
  { label: "クリック率", cell: (p) => <span className="popups-num">{clickRate(p)}</span> },
];

/** /ops/popups: every popup, withdrawn ones too, in queue order, with its counts. */
export default function OpsPopups({ loaderData }: Route.ComponentProps) {
  const { query, list, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">ポップアップ管理</h1>
      <CountRange action="/ops/popups" from={list.from} to={list.to} q={query.q} />
      <ExtrasListPanel
        base="/ops/popups"
        q={query.q}
        search="タイトル・計測名・ID"
        add={mayWrite ? { to: "/ops/popups/new", label: "ポップアップを追加する" } : null}
        heading={`ポップアップ（${list.from}〜${list.to} の表示・閉じる・クリック）`}
        empty="ポップアップはありません"
        list={list}
        columns={COLUMNS}
        rowKey={(p) => p.popup_id}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
