import { CatalogNav } from "../features/ops-catalog/CatalogNav";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { loadCatalogVolume } from "../features/ops-catalog/ops-catalog.server";
import { VolumeForm } from "../features/ops-catalog/VolumeForm";
import type { Route } from "./+types/ops-catalog-volume";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.volume?.title;
  return [
    { title: `${title ? `${title} | ` : "巻を追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCatalogVolume(context, request, params.volumeId);
}

/** /ops/catalog/volumes/new?series=ID and /ops/catalog/volumes/:id: one volume. */
export default function OpsCatalogVolume({ loaderData }: Route.ComponentProps) {
  const { volume, series } = loaderData;
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">{volume ? volume.title : "巻を追加"}</h1>
      <CatalogNav />
      <VolumeForm key={volume?.book_id ?? "new"} volume={volume} series={series} />
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
