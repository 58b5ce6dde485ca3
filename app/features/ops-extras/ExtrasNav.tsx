import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { EditorList } from "../../../contract/ops-extras-rules";
import { EXTRAS_PAGE_SIZE } from "../../../contract/ops-extras-rules";
import { ReadOnlyNotice } from "../ops/ReadOnlyNotice";
import { Pager, SearchBox } from "../ops-catalog/CatalogNav";
import { CatalogTable, type Column } from "../ops-catalog/CatalogTable";
import { type CatalogSave, EditorRightsProvider, Problem } from "../ops-catalog/catalog-fields";
import "../ops-catalog/ops-catalog.css";
import "./ops-extras.css";

/** The menu of the news, stamp card and lottery editor, under the ops header. */
export function ExtrasNav() {
  return (
    <nav className="catalog-nav" aria-label="お知らせ・スタンプ・くじメニュー">
      <NavLink to="/ops/news">お知らせ</NavLink>
      <NavLink to="/ops/stamp-cards">ログインスタンプ</NavLink>
      <NavLink to="/ops/lotteries">くじ</NavLink>
    </nav>
  );
}

/** A list page's panel: the search (where there is one), the add button, the table and pager. */
export function ExtrasListPanel<Row>(props: {
  base: string;
  q: string;
  search?: string;
  add: { to: string; label: string } | null;
  heading: string;
  empty: string;
  list: EditorList<Row>;
  columns: Column<Row>[];
  rowKey: (row: Row) => number;
  /** A list's other filters (a state), kept by its search and paging. */
  keep?: Record<string, string>;
}) {
  const { list } = props;
  return (
    <section className="ops-panel">
      <div className="catalog-toolbar">
        {props.search ? (
          <SearchBox action={props.base} q={props.q} label={props.search} keep={props.keep} />
        ) : (
          <span />
        )}
        {props.add ? (
          <a className="ops-button ops-button--primary" href={props.add.to}>
            {props.add.label}
          </a>
        ) : null}
      </div>
      <h2>
        {props.heading}（{list.total}件）
      </h2>
      {list.rows.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <CatalogTable columns={props.columns} rows={list.rows} rowKey={props.rowKey} />
      )}
      <Pager
        base={props.base}
        q={props.q}
        page={list.page}
        total={list.total}
        size={EXTRAS_PAGE_SIZE}
        keep={props.keep}
      />
    </section>
  );
}

/**
 * A notice, stamp card, lottery, popup or coupon form under the one right its page takes: the
 * catalog's fields it reuses lock by it, and a staff member without it is told why.
 */
export function ExtrasRights({ mayWrite, children }: { mayWrite: boolean; children: ReactNode }) {
  const rights = { catalog: mayWrite, prices: mayWrite, schedules: mayWrite };
  return (
    <EditorRightsProvider rights={rights}>
      {mayWrite ? null : <ReadOnlyNotice />}
      {children}
    </EditorRightsProvider>
  );
}

/** The end of a stamp card or lottery form: these go live by their dates, with no draft. */
export function LiveSaveBar(props: { saving: CatalogSave; editing: boolean; note: string }) {
  return (
    <>
      <Problem text={props.saving.problem} />
      <p className="catalog-field__hint">{props.note}</p>
      <button type="submit" className="ops-button ops-button--primary" disabled={props.saving.busy}>
        {props.editing ? "保存する" : "作成する"}
      </button>
    </>
  );
}
