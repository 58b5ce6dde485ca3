import { Link } from "react-router";
import { Pager } from "../features/campaign/ListParts";
import { CardStateProvider } from "../features/cards/card-state";
import { DramaCdCard } from "../features/cards/DramaCdCard";
import { loadDramaCdList } from "../features/dramacd/dramacd.server";
import "../features/dramacd/dramacd.css";
import type { Route } from "./+types/doramacd";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDramaCdList(context, new URL(request.url));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData ? headingOf(loaderData.list.condition) : "ドラマCD"} | コマヤ` }];
}

function headingOf(condition: Route.ComponentProps["loaderData"]["list"]["condition"]): string {
  if (condition.content) return condition.content.title ?? "ドラマCD";
  if (condition.cast) return `${condition.cast.name} 出演のドラマCD`;
  if (condition.label) return `${condition.label.name} のドラマCD`;
  return "ドラマCD";
}

/** /doramacd: drama CDs newest first, by label, by cast (?cast=) or a home section's (?content=). */
export default function DramaCdListScreen({ loaderData }: Route.ComponentProps) {
  const { list, isLogin } = loaderData;
  const { condition, pattern } = list;
  const query = (page: number) => {
    const params = new URLSearchParams();
    if (condition.label) params.set("label", String(condition.label.label_id));
    if (condition.cast) params.set("cast", String(condition.cast.cast_id));
    if (condition.content) params.set("content", String(condition.content.layout_id));
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return text ? `/doramacd?${text}` : "/doramacd";
  };
  const filtered = condition.label || condition.cast || condition.content;
  return (
    <CardStateProvider isLogin={isLogin}>
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        {filtered ? <Link to="/doramacd">ドラマCD</Link> : null}
        <span aria-current="page">{headingOf(condition)}</span>
      </nav>
      <h1 className="dramacd-list__title">
        {headingOf(condition)}
        {pattern.hit > 0 && <small>（{pattern.hit}件）</small>}
      </h1>
      <nav className="dramacd-labels" aria-label="レーベルでさがす">
        <Link
          to="/doramacd"
          className={!filtered ? "dramacd-chip dramacd-chip--on" : "dramacd-chip"}
          aria-current={!filtered ? "page" : undefined}
        >
          すべて
        </Link>
        {list.labels.map((l) => {
          const on = condition.label?.label_id === l.label_id;
          return (
            <Link
              key={l.label_id}
              to={`/doramacd?label=${l.label_id}`}
              className={on ? "dramacd-chip dramacd-chip--on" : "dramacd-chip"}
              aria-current={on ? "page" : undefined}
              title={l.brand_name}
            >
              {l.name}
            </Link>
          );
        })}
      </nav>
      {list.cds.length === 0 ? (
        <p className="dramacd-list__none">対象の作品はありません</p>
      ) : (
        <ul className="cd-grid dramacd-grid">
          {list.cds.map((cd, i) => (
            <li key={cd.cd_id}>
              <DramaCdCard
                cd={cd}
                tracking={{ frame: "doramacd_list", position: pattern.offset + i + 1 }}
                appeal
                demo
              />
            </li>
          ))}
        </ul>
      )}
      <Pager pattern={pattern} href={query} />
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
