import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CatalogList } from "../../../contract/ops-catalog-answers";
import { CATALOG_PAGE_SIZE } from "../../../contract/ops-catalog-rules";
import { Pager, SearchBox } from "./CatalogNav";
import { useEditorRights } from "./catalog-fields";

/** A column: its heading, the shorter label a narrow screen shows beside each cell, its cell. */
export interface Column<Row> {
  label: string;
  short?: string;
  cell: (row: Row) => ReactNode;
}

/** The editor's tables: on a narrow screen each row becomes a card labelled cell by cell. */
export function CatalogTable<Row>(props: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => number;
}) {
  return (
    <table className="ops-table catalog-table">
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th key={c.label} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {props.columns.map((c) => (
              <td key={c.label} data-label={c.short ?? c.label}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A list page's panel (series, drama CDs): the search and the add button, the count, the table
 * of one page and the pager.
 */
export function CatalogListPanel<Row>(props: {
  base: string;
  q: string;
  searchLabel: string;
  add: { to: string; label: string };
  heading: string;
  /** Said instead of an empty table; without it an empty list is an empty table. */
  empty?: string;
  list: CatalogList<Row>;
  columns: Column<Row>[];
  rowKey: (row: Row) => number;
}) {
  const { list } = props;
  const rights = useEditorRights();
  return (
    <section className="ops-panel">
      <div className="catalog-toolbar">
        <SearchBox action={props.base} q={props.q} label={props.searchLabel} />
        {rights.catalog ? (
          <Link className="ops-button ops-button--primary" to={props.add.to}>
            {props.add.label}
          </Link>
        ) : null}
      </div>
      <h2>
        {props.heading}（{list.total}件）
      </h2>
      {props.empty && list.rows.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <CatalogTable columns={props.columns} rows={list.rows} rowKey={props.rowKey} />
      )}
      <Pager
        base={props.base}
        q={props.q}
        page={list.page}
        total={list.total}
        size={CATALOG_PAGE_SIZE}
      />
    </section>
  );
}
