import { CATALOG_PAGE_SIZE } from "../../contract/ops-catalog-rules";
import { CatalogNav, Pager, REFERENCE_LABELS, SearchBox } from "../features/ops-catalog/CatalogNav";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { loadCatalogReference } from "../features/ops-catalog/ops-catalog.server";
import { ReferenceList } from "../features/ops-catalog/ReferenceList";
import type { Route } from "./+types/ops-catalog-reference";

export function meta({ loaderData }: Route.MetaArgs) {
  const label = loaderData ? REFERENCE_LABELS[loaderData.kind] : "一覧";
  return [{ title: `${label}管理 | コマヤ運営` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCatalogReference(context, request, params.kind);
}

/** /ops/catalog/authors … /ops/catalog/tags: one reference list. */
export default function OpsCatalogReference({ loaderData }: Route.ComponentProps) {
  const { kind, query, list, publishers } = loaderData;
  const base = `/ops/catalog/${kind}`;
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">{REFERENCE_LABELS[kind]}管理</h1>
      <CatalogNav />
      <section className="ops-panel">
        <SearchBox action={base} q={query.q} label={`${REFERENCE_LABELS[kind]}名・ID`} />
      </section>
      <ReferenceList
        key={`${kind}-${query.q}-${list.page}`}
        kind={kind}
        list={list}
        publishers={publishers}
      />
      <Pager base={base} q={query.q} page={list.page} total={list.total} size={CATALOG_PAGE_SIZE} />
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
