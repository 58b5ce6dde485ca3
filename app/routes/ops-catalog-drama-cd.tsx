import { CatalogNav } from "../features/ops-catalog/CatalogNav";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { DramaCdForm } from "../features/ops-catalog/DramaCdForm";
import { loadCatalogDramaCd } from "../features/ops-catalog/ops-catalog.server";
import type { Route } from "./+types/ops-catalog-drama-cd";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.cd?.name;
  return [
    { title: `${name ? `${name} | ` : "ドラマCDを追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCatalogDramaCd(context, request, params.cdId);
}

export default function OpsCatalogDramaCd({ loaderData }: Route.ComponentProps) {
  const { cd, choices } = loaderData;
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">{cd ? cd.name : "ドラマCDを追加"}</h1>
      <CatalogNav />
      <DramaCdForm key={cd?.cd_id ?? "new"} cd={cd} choices={choices} />
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
