import { Link } from "react-router";
import { CATALOG_PAGE_SIZE } from "../../contract/ops-catalog-rules";
import { CatalogNav, Pager, SearchBox, StateBadge } from "../features/ops-catalog/CatalogNav";
import { loadCatalogSeriesList } from "../features/ops-catalog/ops-catalog.server";
import type { Route } from "./+types/ops-catalog";

export function meta() {
  return [{ title: "作品管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatalogSeriesList(context, request);
}

/** /ops/catalog: every series, newest first, searched by id, name or reading. */
export default function OpsCatalog({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <>
      <h1 className="ops-title">作品管理</h1>
      <CatalogNav />
      <section className="ops-panel">
        <div className="catalog-toolbar">
          <SearchBox action="/ops/catalog" q={query.q} label="作品名・読み・作品ID" />
          <Link className="ops-button ops-button--primary" to="/ops/catalog/series/new">
            作品を追加する
          </Link>
        </div>
        <h2>
          {query.q ? `「${query.q}」の作品` : "作品"}（{list.total}件）
        </h2>
        {list.rows.length === 0 ? (
          <p>該当する作品はありません。</p>
        ) : (
          <table className="ops-table catalog-table">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">作品名</th>
                <th scope="col">出版社</th>
                <th scope="col">巻（配信中／全体）</th>
                <th scope="col">状態</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((s) => (
                <tr key={s.series_id}>
                  <td data-label="ID">{s.series_id}</td>
                  <td data-label="作品名">
                    <Link to={`/ops/catalog/series/${s.series_id}`}>{s.name}</Link>
                    {s.complete_flag ? <span className="catalog-flag">完</span> : null}
                    {s.new_flag ? <span className="catalog-flag">新</span> : null}
                  </td>
                  <td data-label="出版社">{s.publisher_name}</td>
                  <td data-label="巻">
                    {s.volume_count}／{s.volumes}
                  </td>
                  <td data-label="状態">
                    <StateBadge state={s.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager
          base="/ops/catalog"
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
