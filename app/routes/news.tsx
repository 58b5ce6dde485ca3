import { NewsListScreen } from "../features/news/NewsScreens";
import { loadNewsList } from "../features/news/news.server";
import type { Route } from "./+types/news";

export function meta() {
  return [{ title: "お知らせ | コマヤ" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadNewsList(context, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <NewsListScreen answer={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
