import { RankingScreen } from "../features/ranking/RankingScreen";
import { loadRankingPage } from "../features/ranking/ranking.server";
import type { Route } from "./+types/free_ranking";

export function meta() {
  return [{ title: "無料ランキング | コマヤ" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRankingPage(context, request, 2);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <RankingScreen page={loaderData} pagetype={2} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
