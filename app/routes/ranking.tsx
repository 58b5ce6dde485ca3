import { RankingScreen } from "../features/ranking/RankingScreen";
import { loadRankingPage } from "../features/ranking/ranking.server";
import { pageMeta } from "../features/seo/seo";
import { storePageSeo } from "../features/seo/seo.server";
import type { Route } from "./+types/ranking";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "ランキング");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    ...(await loadRankingPage(context, request, 1)),
    seo: storePageSeo(context, request, {
      title: "ランキング | コマヤ",
      description:
        "いま読まれているマンガのデイリー・週間・月間ランキング。ジャンル別にチェックできます。",
      keep: ["tp", "genre"],
    }),
  };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <RankingScreen page={loaderData} pagetype={1} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
