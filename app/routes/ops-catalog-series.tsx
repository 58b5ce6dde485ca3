import { CatalogNav } from "../features/ops-catalog/CatalogNav";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { loadCatalogSeries } from "../features/ops-catalog/ops-catalog.server";
import { SeriesForm } from "../features/ops-catalog/SeriesForm";
import type { Route } from "./+types/ops-catalog-series";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.series?.name;
  return [
    { title: `${name ? `${name} | ` : "作品を追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCatalogSeries(context, request, params.seriesId);
}

/** /ops/catalog/series/new and /ops/catalog/series/:id: a series and its volumes. */
export default function OpsCatalogSeries({ loaderData }: Route.ComponentProps) {
  const { series, choices } = loaderData;
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">{series ? series.name : "作品を追加"}</h1>
      <CatalogNav />
      <SeriesForm key={series?.series_id ?? "new"} series={series} choices={choices} />
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
