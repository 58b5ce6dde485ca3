import { Link } from "react-router";
import { CATALOG_PAGE_SIZE } from "../../contract/ops-catalog-rules";
import { CatalogNav, Pager, SearchBox, StateBadge } from "../features/ops-catalog/CatalogNav";
import { loadCatalogDramaCds } from "../features/ops-catalog/ops-catalog.server";
import type { Route } from "./+types/ops-catalog-drama-cds";

export function meta() {
  return [{ title: "ドラマCD管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatalogDramaCds(context, request);
}

export default function OpsCatalogDramaCds({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <>
      <h1 className="ops-title">ドラマCD管理</h1>
      <CatalogNav />
      <section className="ops-panel">
        <div className="catalog-toolbar">
          <SearchBox action="/ops/catalog/drama-cds" q={query.q} label="タイトル・読み・ID" />
          <Link className="ops-button ops-button--primary" to="/ops/catalog/drama-cds/new">
            ドラマCDを追加する
          </Link>
        </div>
        <h2>ドラマCD（{list.total}件）</h2>
        <table className="ops-table catalog-table">
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">タイトル</th>
              <th scope="col">レーベル</th>
              <th scope="col">販売開始</th>
              <th scope="col">状態</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((cd) => (
              <tr key={cd.cd_id}>
                <td data-label="ID">{cd.cd_id}</td>
                <td data-label="タイトル">
                  <Link to={`/ops/catalog/drama-cds/${cd.cd_id}`}>{cd.name}</Link>
                </td>
                <td data-label="レーベル">{cd.label_name}</td>
                <td data-label="販売開始">{cd.sale_start_date?.replace("T", " ")}</td>
                <td data-label="状態">
                  <StateBadge state={cd.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager
          base="/ops/catalog/drama-cds"
          q={query.q}
          page={list.page}
          total={list.total}
          size={CATALOG_PAGE_SIZE}
        />
      </section>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
