import { ReadOnlyNotice } from "../features/ops/ReadOnlyNotice";
import { loadTopicPage } from "../features/ops-topics/ops-topics.server";
import { TopicPageEditor } from "../features/ops-topics/TopicPageEditor";
import { TopicsNav } from "../features/ops-topics/TopicsNav";
import type { Route } from "./+types/ops-topic";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.page?.title ?? "特集ページ"} | コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadTopicPage(context, request, params.pageName);
}

/** /ops/topics/:pageName: the visual editor of one topic (or ?type=page store) page. */
export default function OpsTopic({ loaderData }: Route.ComponentProps) {
  const { page, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">{page.title}</h1>
      <TopicsNav mayWrite={mayWrite} />
      {mayWrite ? null : <ReadOnlyNotice />}
      <TopicPageEditor
        key={`${page.page_type}:${page.page_name}`}
        page={page}
        mayWrite={mayWrite}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
