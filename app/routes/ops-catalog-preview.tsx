import { Link } from "react-router";
import { CatalogNav, StateBadge } from "../features/ops-catalog/CatalogNav";
import { CatalogPreview } from "../features/ops-catalog/CatalogPreview";
import { EditorRightsProvider } from "../features/ops-catalog/catalog-fields";
import { loadCatalogPreview } from "../features/ops-catalog/ops-catalog.server";
import { PublicationBar } from "../features/ops-catalog/PublicationBar";
import type { Route } from "./+types/ops-catalog-preview";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `プレビュー：${loaderData?.series.name ?? ""} | コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCatalogPreview(context, request, params.seriesId);
}

/**
 * /ops/catalog/series/:id/preview: the series page and its cards as a visitor and as a member
 * will see them once published, drawn by the store's own components; publish from here.
 */
export default function OpsCatalogPreview({ loaderData }: Route.ComponentProps) {
  const { visitor, member, series } = loaderData;
  const drafts = series.volumes.filter((v) => v.state !== "published");
  return (
    <EditorRightsProvider rights={loaderData.rights}>
      <h1 className="ops-title">プレビュー：{series.name}</h1>
      <CatalogNav />
      <section className="ops-panel catalog-head">
        <p className="catalog-breadcrumb">
          <Link to={`/ops/catalog/series/${series.series_id}`}>作品の編集に戻る</Link>
        </p>
        <p>公開前の下書き・予約中の巻も、公開後の見え方で表示しています。ボタンは押せません。</p>
        <PublicationBar
          base={`/api/ops/catalog/series/${series.series_id}`}
          state={series.state}
          what="作品"
          publishAt={series.publish_at}
        />
        {drafts.length > 0 ? (
          <ul className="catalog-drafts">
            {drafts.map((v) => (
              <li key={v.book_id}>
                <Link to={`/ops/catalog/volumes/${v.book_id}`}>{v.title}</Link>{" "}
                <StateBadge state={v.state} />
                <PublicationBar
                  base={`/api/ops/catalog/volumes/${v.book_id}`}
                  state={v.state}
                  what={`第${v.volume}巻`}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {visitor && member ? (
        <CatalogPreview visitor={visitor} member={member} />
      ) : (
        <p className="ops-panel">取り下げた作品はプレビューできません。</p>
      )}
    </EditorRightsProvider>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
