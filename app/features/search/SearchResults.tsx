import { Link, useLocation } from "react-router";
import { SEARCH_SORTS, SORT_LABELS } from "../../../contract/search";
import { useShell } from "../../lib/shell";
import { CardStateProvider } from "../cards/card-state";
import { useShellUi } from "../shell/shell-ui";
import { Pager } from "./Pager";
import { ResultGrid } from "./ResultGrid";
import type { ConditionChip, SearchPage } from "./search.server";
import { withoutCondition, withSort } from "./search-links";
import "./search.css";

type SearchAnswer = Extract<SearchPage, { ok: true }>["answer"];

export interface SearchResultsProps {
  title: string;
  answer: SearchAnswer;
  chips: ConditionChip[];
  /** Whether anything was asked for; an empty /search invites a search instead. */
  searched: boolean;
  /** /more lists a section and has no detailed search to refine with. */
  refine?: boolean;
}

/** The result list of /search and /more: conditions, sort order, cards and pages. */
export function SearchResults({
  title,
  answer,
  chips,
  searched,
  refine = true,
}: SearchResultsProps) {
  const { pathname, search } = useLocation();
  const ui = useShellUi();
  const { status } = useShell();
  const { pattern, condition } = answer;
  return (
    <CardStateProvider isLogin={status.is_login}>
      <section className="search-results" aria-labelledby="search-results-title">
        <header className="search-results__head">
          <h1 id="search-results-title" className="search-results__title">
            {title}
          </h1>
          {searched ? (
            <p className="search-results__count">
              <strong>{pattern.hit.toLocaleString("ja-JP")}</strong>件
              {pattern.total_page > 1
                ? `（${pattern.offset + 1}〜${Math.min(pattern.offset + pattern.limit, pattern.hit)}件を表示）`
                : null}
            </p>
          ) : null}
        </header>

        {chips.length > 0 || refine ? (
          <div className="search-results__conditions">
            {chips.length > 0 ? (
              <ul className="search-results__chips" aria-label="検索条件">
                {chips.map((chip) => (
                  <li key={`${chip.key}-${chip.value ?? ""}`}>
                    <Link
                      className="condition-chip"
                      to={`${pathname}${withoutCondition(search, chip.key, chip.value)}`}
                      aria-label={`${chip.label} の条件を外す`}
                    >
                      {chip.label}
                      <span aria-hidden="true" className="condition-chip__remove">
                        ×
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {refine ? (
              <button
                type="button"
                className="button button--ghost search-results__refine"
                onClick={ui.openSearch}
              >
                条件を変更
              </button>
            ) : null}
          </div>
        ) : null}

        {searched ? (
          <>
            <nav className="sort-tabs" aria-label="並び順">
              {SEARCH_SORTS.map((sort) => (
                <Link
                  key={sort}
                  className="sort-tabs__tab"
                  to={`${pathname}${withSort(search, sort)}`}
                  aria-current={condition.sort === sort ? "true" : undefined}
                  preventScrollReset
                >
                  {SORT_LABELS[sort]}
                </Link>
              ))}
            </nav>
            <ResultGrid items={answer.data} />
            <Pager pattern={pattern} />
          </>
        ) : (
          <p className="search-results__prompt">
            作品名・著者名・タグなどのキーワードを入力するか、条件を指定して検索してください。
          </p>
        )}
      </section>
    </CardStateProvider>
  );
}
