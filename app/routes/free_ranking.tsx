import { RankingScreen } from "../features/ranking/RankingScreen";
import { loadRankingPage } from "../features/ranking/ranking.server";
import { pageMeta } from "../features/seo/seo";
import { storePageSeo } from "../features/seo/seo.server";
import type { Route } from "./+types/free_ranking";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "無料ランキング");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    ...(await loadRankingPage(context, request, 2)),
    seo: storePageSeo(context, request, {
      title: "無料ランキング | コマヤ",
      description: "無料で読めるマンガの人気ランキング。デイリー・週間・月間で毎日更新。",
      keep: ["tp", "genre"],
    }),
  };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <RankingScreen page={loaderData} pagetype={2} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
