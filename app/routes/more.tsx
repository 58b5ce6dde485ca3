import { data } from "react-router";
import { SearchResults } from "../features/search/SearchResults";
import { loadSearchPage, loadSectionTitle } from "../features/search/search.server";
import type { Route } from "./+types/more";

export function meta({ data: page }: Route.MetaArgs) {
  return [{ title: page ? `${page.title} | コマヤ` : "作品一覧 | コマヤ" }];
}

/** /more/{layoutId}: every series of a home section, with the search keys to narrow and sort. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const layoutId = Number(params.layoutId);
  const section =
    Number.isInteger(layoutId) && layoutId > 0 ? await loadSectionTitle(context, layoutId) : null;
  if (!section) throw data("This page could not be found", { status: 404 });
  const page = await loadSearchPage(context, request, { tp: String(layoutId) });
  return { title: section.title, page };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { title, page } = loaderData;
  if (!page.ok) {
    return (
      <section className="search-results">
        <h1 className="search-results__title">{title}</h1>
        <p className="empty" role="alert">
          {page.message}
        </p>
      </section>
    );
  }
  return (
    <SearchResults title={title} answer={page.answer} chips={page.chips} searched refine={false} />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
