import { ExtrasRights } from "../features/ops-extras/ExtrasNav";
import { loadPopup } from "../features/ops-popups/ops-popups.server";
import { PopupForm } from "../features/ops-popups/PopupForm";
import type { Route } from "./+types/ops-popup";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.popup?.title;
  return [
    { title: `${title ? `${title} | ` : "ポップアップを追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPopup(context, request, params.popupId);
}

/** /ops/popups/new and /ops/popups/:id: one popup, its targeting, dates, preview and counts. */
export default function OpsPopup({ loaderData }: Route.ComponentProps) {
  const { popup, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">
        {popup ? popup.title || popup.tracking_name : "ポップアップを追加"}
      </h1>
      <p className="catalog-links">
        <a href="/ops/popups">ポップアップ一覧へ</a>
      </p>
      <ExtrasRights mayWrite={mayWrite}>
        <PopupForm key={popup?.popup_id ?? "new"} popup={popup} mayWrite={mayWrite} />
      </ExtrasRights>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
