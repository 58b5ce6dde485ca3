import { SearchResults } from "../features/search/SearchResults";
import { loadSearchPage } from "../features/search/search.server";
import type { Route } from "./+types/search";

export function meta({ data }: Route.MetaArgs) {
  const word = data?.ok ? data.answer.condition.word : "";
  return [
    { title: word ? `「${word}」の検索結果 | コマヤ` : "検索結果 | コマヤ" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSearchPage(context, request);
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
