import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import type { Pattern } from "../../../contract/items";
import "./campaign.css";

/** Pages of a list, as links that keep the other query keys. */
export function Pager({ pattern, href }: { pattern: Pattern; href: (page: number) => string }) {
  if (pattern.total_page <= 1) return null;
  const pages: number[] = [];
  const from = Math.max(1, pattern.page - 2);
  const to = Math.min(pattern.total_page, pattern.page + 2);
  for (let p = from; p <= to; p++) pages.push(p);
  return (
    <nav aria-label="ページ">
      <ul className="pager">
        {pattern.page > 1 && (
          <li>
            <Link to={href(pattern.page - 1)} rel="prev" aria-label="前のページ">
              ‹
            </Link>
          </li>
        )}
        {pages.map((p) => (
          <li key={p}>
            {p === pattern.page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <Link to={href(p)}>{p}</Link>
            )}
          </li>
        ))}
        {pattern.page < pattern.total_page && (
          <li>
            <Link to={href(pattern.page + 1)} rel="next" aria-label="次のページ">
              ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A row of tab links; the current one is marked for assistive technology and styling. */
export function TabLinks(props: {
  label: string;
  tabs: ReadonlyArray<{
    key: string;
    href: string;
    text: string;
    count?: number;
    current: boolean;
  }>;
  className?: string;
}) {
  return (
    <nav aria-label={props.label}>
      <ul className={`filter-tabs ${props.className ?? ""}`}>
        {props.tabs.map((t) => (
          <li key={t.key}>
            <Link to={t.href} aria-current={t.current ? "page" : undefined} preventScrollReset>
              {t.text}
              {t.count !== undefined && <span className="filter-tabs__count">{t.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Campaign descriptions carry <b> and <br>; they are rendered as elements, never as raw HTML. */
export function CampaignMarkup({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let bold = false;
  let key = 0;
  for (const token of text.split(/(<\/?(?:b|strong)>|<br\s*\/?>)/i)) {
    if (/^<br/i.test(token)) parts.push(<br key={key++} />);
    else if (/^<(b|strong)>$/i.test(token)) bold = true;
    else if (/^<\/(b|strong)>$/i.test(token)) bold = false;
    else if (token) {
      const plain = token.replace(/<[^>]*>/g, "");
      parts.push(
        bold ? <strong key={key++}>{plain}</strong> : <Fragment key={key++}>{plain}</Fragment>,
      );
    }
  }
  return <>{parts}</>;
}
