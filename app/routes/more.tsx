import { data } from "react-router";
import { idFromPath } from "../../contract/row-id";
import { SearchResults } from "../features/search/SearchResults";
import { loadSearchPage, loadSectionTitle } from "../features/search/search.server";
import { errorMeta, pageMeta } from "../features/seo/seo";
import { storePageSeo } from "../features/seo/seo.server";
import type { Route } from "./+types/more";

export function meta({ data: page, error }: Route.MetaArgs) {
  return errorMeta(error) ?? pageMeta(page?.seo, "作品一覧");
}

/** /more/{layoutId}: every series of a home section, with the search keys to narrow and sort. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const seoFor = (title: string) =>
    storePageSeo(context, request, {
      title: `${title} | コマヤ`,
      description: `${title}の作品一覧。ジャンルや価格で絞り込み、並べ替えができます。`,
      noindex: true,
    });
  // Without a section, /more lists the whole catalog with the same keys as /search.
  if (params.layoutId === undefined) {
    return {
      title: "作品一覧",
      page: await loadSearchPage(context, request, {}, { wholeCatalog: true }),
      seo: seoFor("作品一覧"),
    };
  }
  const layoutId = idFromPath(params.layoutId);
  const section = layoutId === null ? null : await loadSectionTitle(context, layoutId);
  if (!section) throw data("This page could not be found", { status: 404 });
  const page = await loadSearchPage(context, request, { tp: String(layoutId) });
  return { title: section.title, page, seo: seoFor(section.title) };
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
