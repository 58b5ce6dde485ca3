import { ExtrasNav, ExtrasRights } from "../features/ops-extras/ExtrasNav";
import { LotteryForm } from "../features/ops-extras/LotteryForm";
import { loadLottery } from "../features/ops-extras/ops-extras.server";
import type { Route } from "./+types/ops-lottery";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.lottery?.title;
  return [
    { title: `${title ? `${title} | ` : "くじを追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadLottery(context, request, params.lotteryId);
}

/** /ops/lotteries/new and /ops/lotteries/:id: a lottery, its prizes, weights and stock. */
export default function OpsLottery({ loaderData }: Route.ComponentProps) {
  const { lottery, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">{lottery ? lottery.title : "くじを追加"}</h1>
      <ExtrasNav />
      <ExtrasRights mayWrite={mayWrite}>
        <LotteryForm key={lottery?.lottery_id ?? "new"} lottery={lottery} mayWrite={mayWrite} />
      </ExtrasRights>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
