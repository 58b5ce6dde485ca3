import { SearchResults } from "../features/search/SearchResults";
import { loadSearchPage } from "../features/search/search.server";
import { pageMeta } from "../features/seo/seo";
import { storePageSeo } from "../features/seo/seo.server";
import type { Route } from "./+types/search";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.seo, "検索結果");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadSearchPage(context, request);
  const word = page.ok ? page.answer.condition.word : "";
  return {
    ...page,
    // Result lists are endless combinations of keys: linked and previewed, never indexed.
    seo: storePageSeo(context, request, {
      title: word ? `「${word}」の検索結果 | コマヤ` : "検索結果 | コマヤ",
      description: "作品名・著者名・タグ・ジャンルなどでマンガをさがせます。",
      noindex: true,
    }),
  };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <section className="search-results">
        <h1 className="search-results__title">検索結果</h1>
        <p className="empty" role="alert">
          {loaderData.message}
        </p>
      </section>
    );
  }
  const { answer, chips, searched } = loaderData;
  const word = answer.condition.word;
  return (
    <SearchResults
      title={word ? `「${word}」の検索結果` : "検索結果"}
      answer={answer}
      chips={chips}
      searched={searched}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
