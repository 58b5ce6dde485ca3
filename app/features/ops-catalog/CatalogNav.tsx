import { NavLink } from "react-router";
import type { PublicationState } from "../../../contract/ops-catalog-rules";
import { PUBLICATION_LABELS } from "../../../contract/ops-catalog-rules";
import { EditorRightsNotice } from "./catalog-fields";
import "./ops-catalog.css";

/** The reference lists and their names on the editor's screens. */
export const REFERENCE_LABELS = {
  authors: "著者",
  publishers: "出版社",
  labels: "レーベル",
  magazines: "掲載誌",
  genres: "ジャンル",
  categories: "カテゴリ",
  tags: "タグ",
} as const;

/** The catalog editor's own menu, under the ops header, and what the staff member may not change. */
export function CatalogNav() {
  return (
    <>
      <CatalogMenu />
      <EditorRightsNotice />
    </>
  );
}

function CatalogMenu() {
  return (
    <nav className="catalog-nav" aria-label="作品管理メニュー">
      <NavLink to="/ops/catalog" end>
        作品
      </NavLink>
      <NavLink to="/ops/catalog/drama-cds">ドラマCD</NavLink>
      {Object.entries(REFERENCE_LABELS).map(([kind, label]) => (
        <NavLink key={kind} to={`/ops/catalog/${kind}`}>
          {label}
        </NavLink>
      ))}
      <NavLink to="/ops/catalog/import">一括登録</NavLink>
    </nav>
  );
}

export function StateBadge({ state }: { state: PublicationState }) {
  return (
    <span className={`catalog-state catalog-state--${state}`}>{PUBLICATION_LABELS[state]}</span>
  );
}

/** Page links of a list: the address keeps the search word. */
export function Pager(props: {
  base: string;
  q: string;
  page: number;
  total: number;
  size: number;
  /** A list's other filters (a state), carried to every page. */
  keep?: Record<string, string>;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  if (pages <= 1) return null;
  const href = (page: number) => {
    const params = new URLSearchParams(props.keep);
    if (props.q) params.set("q", props.q);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `${props.base}?${query}` : props.base;
  };
  return (
    <nav className="ops-pager" aria-label="ページ送り">
      {props.page > 1 ? (
        <a href={href(props.page - 1)} rel="prev">
          ← 前へ
        </a>
      ) : (
        <span />
      )}
      <span>
        {props.page} / {pages}ページ
      </span>
      {props.page < pages ? (
        <a href={href(props.page + 1)} rel="next">
          次へ →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The search box of a list, a GET form so a search can be linked and reloaded. */
export function SearchBox(props: {
  action: string;
  q: string;
  label: string;
  /** A list's other filters (a state), kept by a search. */
  keep?: Record<string, string>;
}) {
  return (
    <form className="catalog-search" method="get" action={props.action}>
      {Object.entries(props.keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="visually-hidden" htmlFor="catalog-q">
        {props.label}
      </label>
      <input
        id="catalog-q"
        type="search"
        name="q"
        defaultValue={props.q}
        placeholder={props.label}
      />
      <button type="submit" className="ops-button">
        検索
      </button>
    </form>
  );
}
