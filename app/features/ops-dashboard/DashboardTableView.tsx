import { type DashboardTable, formatCell } from "../../../contract/ops-dashboard-rules";

/** The figures of one chart as a table, each cell formatted as the column reads. */
export function DashboardTableView({ table }: { table: DashboardTable }) {
  const numeric = (kind: string) => kind !== "day" && kind !== "text";
  return (
    // The box scrolls when the table is taller or wider than it: focusable, so a keyboard scrolls it.
    <section
      className="ops-scroll dashboard-table"
      data-testid={`table-${table.key}`}
      aria-label={`${table.title}の表`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
      tabIndex={0}
    >
      <table className="ops-table">
        <caption className="dashboard-table__caption">{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th
                scope="col"
                key={c.label}
                className={numeric(c.kind) ? "dashboard-num" : undefined}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length}>この期間のデータはありません</td>
            </tr>
          ) : (
            table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) => {
                  const c = table.columns[i]!;
                  return i === 0 ? (
                    <th
                      scope="row"
                      key={c.label}
                      className={numeric(c.kind) ? "dashboard-num" : undefined}
                    >
                      {formatCell(cell, c.kind)}
                    </th>
                  ) : (
                    <td key={c.label} className={numeric(c.kind) ? "dashboard-num" : undefined}>
                      {formatCell(cell, c.kind)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
