import { Pager } from "../features/campaign/ListParts";
import { FEATURES_PER_PAGE, pageParam } from "../features/campaign/list-params";
import { CardStateProvider } from "../features/cards/card-state";
import { FeatureCard } from "../features/cards/FeatureCard";
import { EMPTY_LIST } from "../features/cards/SeriesCards";
import { pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import { loadFeaturePage } from "../features/series/series.server";
import type { Route } from "./+types/feature";
import "../features/campaign/campaign.css";

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(new URL(request.url));
  const list = await loadFeaturePage(context, page);
  const urls = seoUrls(context, request, ["page"]);
  return {
    ...list,
    page,
    isLogin: context.request.member !== null,
    seo: {
      title: `特集・読み物一覧${page > 1 ? `（${page}ページ目）` : ""} | コマヤ`,
      description: "編集部のイチオシ特集やコラムで、次に読むマンガを見つけよう。",
      url: urls.canonical,
      image: urls.absolute(list.features[0]?.img ?? "/favicon.svg"),
      card: "summary_large_image" as const,
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "特集");
}

export default function FeatureScreen({ loaderData }: Route.ComponentProps) {
  const { features, page, total, totalPage, isLogin } = loaderData;
  return (
    <CardStateProvider isLogin={isLogin}>
      <h1 className="section-title">特集・読み物</h1>
      {features.length === 0 ? (
        <p className="empty">{EMPTY_LIST}</p>
      ) : (
        <ul className="feature-list">
          {features.map((f, i) => (
            <li key={`${f.url}-${f.title}-${f.series_id}`}>
              <FeatureCard
                item={f}
                tracking={{ frame: "feature", position: (page - 1) * FEATURES_PER_PAGE + i + 1 }}
                read
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        pattern={{
          page,
          total_page: totalPage,
          limit: FEATURES_PER_PAGE,
          offset: (page - 1) * FEATURES_PER_PAGE,
          hit: total,
        }}
        href={(p) => (p === 1 ? "/feature" : `/feature?page=${p}`)}
      />
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
