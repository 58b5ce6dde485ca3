import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { TOKYO_ZONE } from "../../contract/tokyo-time";

/**
 * A timestamp read as Tokyo wall-clock time inside SQL, for grouping by Tokyo month. The zone is
 * written into the statement, not bound, so the same expression in SELECT DISTINCT, GROUP BY and
 * ORDER BY is the same text and PostgreSQL sees them as one.
 */
export function inTokyo(column: AnyColumn | SQL): SQL {
  return sql`(${column} at time zone ${sql.raw(`'${TOKYO_ZONE}'`)})`;
}
