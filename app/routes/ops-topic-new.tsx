import { ReadOnlyNotice } from "../features/ops/ReadOnlyNotice";
import { NewTopicPageForm } from "../features/ops-topics/NewTopicPageForm";
import { loadTopicPageList } from "../features/ops-topics/ops-topics.server";
import { TopicsNav } from "../features/ops-topics/TopicsNav";
import type { Route } from "./+types/ops-topic-new";

export function meta() {
  return [{ title: "特集ページを作る | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { mayWrite } = await loadTopicPageList(context, request);
  return { mayWrite };
}

/** /ops/topics/new: a new page's address and title; it opens in the editor as a draft. */
export default function OpsTopicNew({ loaderData }: Route.ComponentProps) {
  const { mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">特集ページを作る</h1>
      <TopicsNav mayWrite={mayWrite} />
      {mayWrite ? <NewTopicPageForm /> : <ReadOnlyNotice />}
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
