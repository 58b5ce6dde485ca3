import { IMPORTANT_MARK } from "../../contract/news";
import type { NewsEditorRow } from "../../contract/ops-extras-rules";
import { StateBadge } from "../features/ops-catalog/CatalogNav";
import type { Column } from "../features/ops-catalog/CatalogTable";
import { ExtrasListPanel, ExtrasNav } from "../features/ops-extras/ExtrasNav";
import { loadNewsList } from "../features/ops-extras/ops-extras.server";
import type { Route } from "./+types/ops-news";

export function meta() {
  return [{ title: "お知らせ管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadNewsList(context, request);
}

const COLUMNS: Column<NewsEditorRow>[] = [
  { label: "ID", cell: (n) => n.m_news_id },
  {
    label: "タイトル",
    // One inline run: a phone's table cell is a flex row, which would stretch the mark.
    cell: (n) => (
      <span>
        {n.important ? <span className="extras-important">{IMPORTANT_MARK}</span> : null}
        <a href={`/ops/news/${n.m_news_id}`}>{n.title}</a>
      </span>
    ),
  },
  { label: "公開日時（東京）", short: "公開日時", cell: (n) => n.published_at.replace("T", " ") },
  { label: "状態", cell: (n) => <StateBadge state={n.state} /> },
];

/** /ops/news: every notice, drafts and withdrawn ones too, newest first. */
export default function OpsNews({ loaderData }: Route.ComponentProps) {
  const { query, list, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">お知らせ管理</h1>
      <ExtrasNav />
      <ExtrasListPanel
        base="/ops/news"
        q={query.q}
        search="タイトル・ID"
        add={mayWrite ? { to: "/ops/news/new", label: "お知らせを追加する" } : null}
        heading="お知らせ"
        empty="お知らせはありません"
        list={list}
        columns={COLUMNS}
        rowKey={(n) => n.m_news_id}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
