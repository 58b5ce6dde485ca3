import { RankingScreen } from "../features/ranking/RankingScreen";
import { loadRankingPage } from "../features/ranking/ranking.server";
import type { Route } from "./+types/ranking";

export function meta() {
  return [{ title: "ランキング | コマヤ" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRankingPage(context, request, 1);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <RankingScreen page={loaderData} pagetype={1} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
