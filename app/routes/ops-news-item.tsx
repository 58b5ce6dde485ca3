import { ExtrasNav, ExtrasRights } from "../features/ops-extras/ExtrasNav";
import { NewsForm } from "../features/ops-extras/NewsForm";
import { loadNews } from "../features/ops-extras/ops-extras.server";
import type { Route } from "./+types/ops-news-item";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.news?.title;
  return [
    { title: `${title ? `${title} | ` : "お知らせを追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadNews(context, request, params.newsId);
}

/** /ops/news/new and /ops/news/:id: one notice, its publish time and the 重要 mark. */
export default function OpsNewsItem({ loaderData }: Route.ComponentProps) {
  const { news, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">{news ? news.title : "お知らせを追加"}</h1>
      <ExtrasNav />
      <ExtrasRights mayWrite={mayWrite}>
        <NewsForm key={news?.m_news_id ?? "new"} news={news} mayWrite={mayWrite} />
      </ExtrasRights>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
