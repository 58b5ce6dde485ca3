import { ExtrasNav, ExtrasRights } from "../features/ops-extras/ExtrasNav";
import { loadStampCard } from "../features/ops-extras/ops-extras.server";
import { StampCardForm } from "../features/ops-extras/StampCardForm";
import type { Route } from "./+types/ops-stamp-card";

export function meta({ loaderData }: Route.MetaArgs) {
  const id = loaderData?.card?.card_id;
  return [
    { title: `${id ? `スタンプカード${id} | ` : "スタンプカードを追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadStampCard(context, request, params.cardId);
}

/** /ops/stamp-cards/new and /ops/stamp-cards/:id: a card, its cells and their rewards. */
export default function OpsStampCard({ loaderData }: Route.ComponentProps) {
  const { card, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">
        {card ? `スタンプカード ${card.start_date} 〜 ${card.end_date}` : "スタンプカードを追加"}
      </h1>
      <ExtrasNav />
      <ExtrasRights mayWrite={mayWrite}>
        <StampCardForm key={card?.card_id ?? "new"} card={card} mayWrite={mayWrite} />
      </ExtrasRights>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
