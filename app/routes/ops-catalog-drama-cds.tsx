import { Link } from "react-router";
import type { DramaCdListRow } from "../../contract/ops-catalog-answers";
import { CatalogNav, StateBadge } from "../features/ops-catalog/CatalogNav";
import { CatalogListPanel, type Column } from "../features/ops-catalog/CatalogTable";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { loadCatalogDramaCds } from "../features/ops-catalog/ops-catalog.server";
import type { Route } from "./+types/ops-catalog-drama-cds";

export function meta() {
  return [{ title: "ドラマCD管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatalogDramaCds(context, request);
}

const COLUMNS: Column<DramaCdListRow>[] = [
  { label: "ID", cell: (cd) => cd.cd_id },
  {
    label: "タイトル",
    cell: (cd) => <Link to={`/ops/catalog/drama-cds/${cd.cd_id}`}>{cd.name}</Link>,
  },
  { label: "レーベル", cell: (cd) => cd.label_name },
  { label: "販売開始", cell: (cd) => cd.sale_start_date?.replace("T", " ") },
  { label: "状態", cell: (cd) => <StateBadge state={cd.state} /> },
];

export default function OpsCatalogDramaCds({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">ドラマCD管理</h1>
      <CatalogNav />
      <CatalogListPanel
        base="/ops/catalog/drama-cds"
        q={query.q}
        searchLabel="タイトル・読み・ID"
        add={{ to: "/ops/catalog/drama-cds/new", label: "ドラマCDを追加する" }}
        heading="ドラマCD"
        list={list}
        columns={COLUMNS}
        rowKey={(cd) => cd.cd_id}
      />
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
