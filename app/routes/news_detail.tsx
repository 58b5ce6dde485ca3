import { NewsDetailScreen } from "../features/news/NewsScreens";
import { loadNewsDetail } from "../features/news/news.server";
import { errorMeta } from "../features/seo/seo";
import type { Route } from "./+types/news_detail";

export function meta({ data, error }: Route.MetaArgs) {
  return errorMeta(error) ?? [{ title: `${data?.detail.title ?? "お知らせ"} | コマヤ` }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadNewsDetail(context, request);
}

/** The loader's nr cookie reaches the browser. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <NewsDetailScreen detail={loaderData.detail} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
