import { LotteryScreen } from "../features/lottery/LotteryScreen";
import { loadLottery } from "../features/lottery/lottery.server";
import { errorMeta } from "../features/seo/seo";
import type { Route } from "./+types/lottery";

export function meta({ data, error }: Route.MetaArgs) {
  return errorMeta(error) ?? [{ title: `${data?.lottery.title ?? "抽選"} | コマヤ` }];
}

export function loader({ context, params }: Route.LoaderArgs) {
  return loadLottery(context, params.name);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  // A new name is a new lottery: its own play state.
  return <LotteryScreen key={loaderData.lottery.name} data={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
