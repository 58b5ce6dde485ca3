import { errorMeta, pageMeta } from "../features/seo/seo";
import { TopicScreen } from "../features/topic/TopicScreen";
import { loadTopicPage } from "../features/topic/topic.server";
import type { Route } from "./+types/topic";

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadTopicPage(context, request, "topic", params.slug);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  return errorMeta(error) ?? pageMeta(loaderData?.seo, "特集ページ");
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <TopicScreen answer={loaderData.answer} utm={loaderData.utm} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
