import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

/**
 * Inserts many rows with one bind parameter per statement: the rows travel as one JSON text that
 * json_populate_recordset turns back into the table's row type. That sidesteps the 65,535
 * parameter limit and the cost of building huge parameter lists, which dominate seeding time on
 * PGlite. Columns no row sets get their defaults; a property only some rows set is null in the
 * others.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: ReadonlyArray<T["$inferInsert"]>,
  chunkSize = 5000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const present = new Set<string>();
  for (const row of rows) for (const key in row as object) present.add(key);
  const keys = [...present].filter((k) => columns[k] !== undefined);
  const names = keys.map((k) => columns[k]!.name);
  const columnList = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const json = JSON.stringify(
      chunk.map((row) => {
        const out: Record<string, unknown> = {};
        const source = row as Record<string, unknown>;
        for (let i = 0; i < keys.length; i++) {
          const value = source[keys[i]!];
          out[names[i]!] = value instanceof Date ? value.toISOString() : value;
        }
        return out;
      }),
    );
    await db.execute(
      sql`insert into ${table} (${columnList}) select ${columnList} from json_populate_recordset(null::${table}, ${json}::json)`,
    );
  }
}

/**
 * Moves each identity sequence past the highest id, since the seed writes explicit ids and the
 * application inserts later rows with generated ones.
 */
export async function syncIdentity(db: Db, tableColumns: Array<[PgTable, string]>): Promise<void> {
  const statements: SQL[] = tableColumns.map(
    ([table, column]) =>
      sql`select setval(pg_get_serial_sequence(${tableNameLiteral(table)}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${table}), 0) + 1, false)`,
  );
  for (const statement of statements) await db.execute(statement);
}

function tableNameLiteral(table: PgTable): string {
  return `"${getTableName(table)}"`;
}

/**
 * Runs a bulk load with foreign-key triggers off, which halves seeding time on PGlite. Only the
 * seed's own generated rows go through it, and only inside an enclosing transaction (SET LOCAL
 * ends with it); where the role may not change the setting (a non-superuser on PostgreSQL) or
 * there is no transaction, the load simply runs with the checks on.
 */
export async function withoutForeignKeyChecks<T>(db: Db, load: () => Promise<T>): Promise<T> {
  let relaxed = false;
  try {
    await db.transaction(async (savepoint) => {
      await savepoint.execute(sql`set local session_replication_role = replica`);
    });
    relaxed = true;
  } catch {
    relaxed = false;
  }
  try {
    return await load();
  } finally {
    if (relaxed) await db.execute(sql`set local session_replication_role = origin`);
  }
}
