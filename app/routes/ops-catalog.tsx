import { Link } from "react-router";
import type { SeriesListRow } from "../../contract/ops-catalog-answers";
import { CatalogNav, StateBadge } from "../features/ops-catalog/CatalogNav";
import { CatalogListPanel, type Column } from "../features/ops-catalog/CatalogTable";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { loadCatalogSeriesList } from "../features/ops-catalog/ops-catalog.server";
import type { Route } from "./+types/ops-catalog";

export function meta() {
  return [{ title: "作品管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatalogSeriesList(context, request);
}

const COLUMNS: Column<SeriesListRow>[] = [
  { label: "ID", cell: (s) => s.series_id },
  {
    label: "作品名",
    cell: (s) => (
      <>
        <Link to={`/ops/catalog/series/${s.series_id}`}>{s.name}</Link>
        {s.complete_flag ? <span className="catalog-flag">完</span> : null}
        {s.new_flag ? <span className="catalog-flag">新</span> : null}
      </>
    ),
  },
  { label: "出版社", cell: (s) => s.publisher_name },
  {
    label: "巻（配信中／全体）",
    short: "巻",
    cell: (s) => (
      <>
        {s.volume_count}／{s.volumes}
      </>
    ),
  },
  { label: "状態", cell: (s) => <StateBadge state={s.state} /> },
];

/** /ops/catalog: every series, newest first, searched by id, name or reading. */
export default function OpsCatalog({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">作品管理</h1>
      <CatalogNav />
      <CatalogListPanel
        base="/ops/catalog"
        q={query.q}
        searchLabel="作品名・読み・作品ID"
        add={{ to: "/ops/catalog/series/new", label: "作品を追加する" }}
        heading={query.q ? `「${query.q}」の作品` : "作品"}
        empty="該当する作品はありません。"
        list={list}
        columns={COLUMNS}
        rowKey={(s) => s.series_id}
      />
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
