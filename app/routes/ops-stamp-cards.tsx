import type { StampCardRow } from "../../contract/ops-extras-rules";
import type { Column } from "../features/ops-catalog/CatalogTable";
import { ExtrasListPanel, ExtrasNav } from "../features/ops-extras/ExtrasNav";
import { loadStampCardList } from "../features/ops-extras/ops-extras.server";
import type { Route } from "./+types/ops-stamp-cards";

export function meta() {
  return [{ title: "ログインスタンプ管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadStampCardList(context, request);
}

const COLUMNS: Column<StampCardRow>[] = [
  { label: "ID", cell: (c) => <a href={`/ops/stamp-cards/${c.card_id}`}>{c.card_id}</a> },
  { label: "期間（東京）", short: "期間", cell: (c) => `${c.start_date} 〜 ${c.end_date}` },
  { label: "マス目", cell: (c) => `${c.stamp_count}個` },
  {
    label: "説明",
    cell: (c) => <a href={`/ops/stamp-cards/${c.card_id}`}>{c.description || "（説明なし）"}</a>,
  },
  {
    label: "状態",
    cell: (c) =>
      c.running ? <span className="catalog-state catalog-state--published">表示中</span> : "—",
  },
];

/** /ops/stamp-cards: the login stamp cards, the latest period first. */
export default function OpsStampCards({ loaderData }: Route.ComponentProps) {
  const { query, list, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">ログインスタンプ管理</h1>
      <ExtrasNav />
      <ExtrasListPanel
        base="/ops/stamp-cards"
        q={query.q}
        add={mayWrite ? { to: "/ops/stamp-cards/new", label: "カードを追加する" } : null}
        heading="スタンプカード"
        empty="スタンプカードはありません"
        list={list}
        columns={COLUMNS}
        rowKey={(c) => c.card_id}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
