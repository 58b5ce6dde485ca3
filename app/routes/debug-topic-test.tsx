import {
  loadEditorPage,
  loadTopicPageOptions,
  requireStaff,
} from "../features/editor/editor.server";
import { TopicEditor } from "../features/editor/TopicEditor";
import type { Route } from "./+types/debug-topic-test";

export function meta() {
  return [{ title: "トピック編集テスト | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const pages = await loadTopicPageOptions(context);
  return { pages, page: await loadEditorPage(context, request, pages) };
}

export default function TopicTest({ loaderData }: Route.ComponentProps) {
  const { pages, page } = loaderData;
  return (
    <>
      <h1 className="section-title">トピック編集テスト</h1>
      <TopicEditor
        key={page ? `${page.pageType}:${page.pageName}` : "none"}
        pages={pages}
        page={page}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
