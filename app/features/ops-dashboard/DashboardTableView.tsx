import { type DashboardTable, formatCell } from "../../../contract/ops-dashboard-rules";

/** The figures of one chart as a table, each cell formatted as the column reads. */
export function DashboardTableView({ table }: { table: DashboardTable }) {
  const numeric = (kind: string) => kind !== "day" && kind !== "text";
  return (
    <div className="ops-scroll dashboard-table" data-testid={`table-${table.key}`}>
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
    </div>
  );
}
