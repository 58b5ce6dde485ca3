import { Link, useLocation } from "react-router";
import type { Pattern } from "../../../contract/items";
import { pagerPages, withPage } from "./search-links";

/** Paging by the pn key (spec 001 §2.1), from an answer's pattern. */
export function Pager({ pattern }: { pattern: Pattern }) {
  const { pathname, search } = useLocation();
  const { page, total_page: last } = pattern;
  if (last <= 1) return null;
  const href = (p: number) => `${pathname}${withPage(search, p)}`;
  return (
    <nav className="pager" aria-label="ページ">
      {page > 1 ? (
        <Link className="pager__step" to={href(page - 1)} rel="prev">
          前へ
        </Link>
      ) : null}
      <ol className="pager__pages">
        {pagerPages(page, last).map((p, i) =>
          p === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="pager__page pager__page--current" aria-current="page">
                  {p}
                </span>
              ) : (
                <Link className="pager__page" to={href(p)}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < last ? (
        <Link className="pager__step" to={href(page + 1)} rel="next">
          次へ
        </Link>
      ) : null}
    </nav>
  );
}
