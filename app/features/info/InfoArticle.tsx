import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import "./info.css";

/** Pages the app also opens in its own webview frame (app/routes.ts, webview layout). */
const WEBVIEW_PAGES = new Set(["/agreement", "/help", "/inquiry", "/leave", "/privacy"]);

/**
 * The address of an information page as seen from the current one: inside the app's webview a
 * link stays inside /webview/ when that page has a webview variant.
 */
export function infoHref(path: string, currentPathname: string): string {
  const [pathname = path, hash] = path.split("#");
  if (!currentPathname.startsWith("/webview/") || !WEBVIEW_PAGES.has(pathname)) return path;
  return `/webview${pathname}${hash === undefined ? "" : `#${hash}`}`;
}

export function useInWebview(): boolean {
  return useLocation().pathname.startsWith("/webview/");
}

/** A link to another information page that stays in the webview when it can. */
export function InfoLink({ to, children }: { to: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return <Link to={infoHref(to, pathname)}>{children}</Link>;
}

export interface TocEntry {
  id: string;
  label: string;
}

export function InfoArticle({
  title,
  lead,
  updated,
  toc,
  children,
}: {
  title: string;
  lead?: ReactNode;
  updated?: string;
  toc?: TocEntry[];
  children: ReactNode;
}) {
  return (
    <article className="info" aria-labelledby="info-title">
      <header className="info__head">
        <h1 id="info-title" className="info__title">
          {title}
        </h1>
        {lead ? <p className="info__lead">{lead}</p> : null}
        {updated ? <p className="info__updated">{updated}</p> : null}
      </header>
      {toc && toc.length > 0 ? (
        <nav className="info__toc" aria-label="目次">
          <p className="info__toc-title">目次</p>
          <ol>
            {toc.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.label}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="info__body">{children}</div>
    </article>
  );
}

export function InfoSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="info__section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A label and its value on each row (会社概要, 勤務条件, 特商法表記, 動作環境). */
export function FactsTable({
  caption,
  rows,
}: {
  caption: string;
  rows: ReadonlyArray<readonly [string, ReactNode]>;
}) {
  return (
    <table className="info__table info__table--facts">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Said on every page naming the operator: the store and its company are made up for the demo. */
export function DemoCompanyNote() {
  return (
    <p className="info__demo" role="note">
      ※
      コマヤはデモンストレーション用の架空のストアです。運営会社「株式会社コマヤ」、所在地、電話番号、メールアドレスはすべて架空のもので、実在しません。
    </p>
  );
}
