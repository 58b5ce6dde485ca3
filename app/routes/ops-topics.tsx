import { TOPIC_PAGE_STATES, TOPIC_PAGE_TYPES, type TopicPageRow } from "../../contract/ops-topics";
import { CatalogTable, type Column } from "../features/ops-catalog/CatalogTable";
import { loadTopicPageList } from "../features/ops-topics/ops-topics.server";
import { TopicsNav } from "../features/ops-topics/TopicsNav";
import type { Route } from "./+types/ops-topics";

export function meta() {
  return [{ title: "特集ページ | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadTopicPageList(context, request);
}

const editorHref = (p: TopicPageRow) =>
  `/ops/topics/${p.page_name}${p.page_type === "page" ? "?type=page" : ""}`;
const period = (p: TopicPageRow) =>
  p.start_at || p.end_at
    ? `${p.start_at?.replace("T", " ") ?? ""} 〜 ${p.end_at?.replace("T", " ") ?? ""}`
    : "期限なし";

const COLUMNS: Column<TopicPageRow>[] = [
  { label: "タイトル", cell: (p) => <a href={editorHref(p)}>{p.title}</a> },
  {
    label: "アドレス",
    cell: (p) => (
      <code>
        /{p.page_type}/{p.page_name}
      </code>
    ),
  },
  { label: "種類", cell: (p) => TOPIC_PAGE_TYPES[p.page_type] },
  {
    label: "状態",
    cell: (p) => (
      <span className={`catalog-state topics-state--${p.state}`} data-testid="topic-state">
        {TOPIC_PAGE_STATES[p.state]}
      </span>
    ),
  },
  { label: "公開期間（東京）", short: "期間", cell: period },
];

/** /ops/topics: every topic and store page with its state, and the way to a new one. */
export default function OpsTopics({ loaderData }: Route.ComponentProps) {
  const { pages, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">特集ページ</h1>
      <TopicsNav mayWrite={mayWrite} />
      <section className="ops-panel">
        <div className="catalog-toolbar">
          <span />
          {mayWrite ? (
            <a className="ops-button ops-button--primary" href="/ops/topics/new">
              特集ページを作る
            </a>
          ) : null}
        </div>
        <h2>特集ページ（{pages.length}件）</h2>
        {pages.length === 0 ? (
          <p>特集ページはありません</p>
        ) : (
          <CatalogTable columns={COLUMNS} rows={pages} rowKey={(p) => pages.indexOf(p)} />
        )}
      </section>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
