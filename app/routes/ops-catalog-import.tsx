import { CatalogImport } from "../features/ops-catalog/CatalogImport";
import { CatalogNav } from "../features/ops-catalog/CatalogNav";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { loadCatalogImport } from "../features/ops-catalog/ops-catalog.server";
import type { Route } from "./+types/ops-catalog-import";

export function meta() {
  return [{ title: "一括登録 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatalogImport(context, request);
}

/** /ops/catalog/import: series and volumes from a CSV or an ONIX 3.0 delivery. */
export default function OpsCatalogImport({ loaderData }: Route.ComponentProps) {
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">一括登録（CSV / ONIX）</h1>
      <CatalogNav />
      <CatalogImport />
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
