import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/** Rows whose time came in (after, until], and the next such time after until. */
export interface ScheduledTimes {
  due: number[];
  next: Date | null;
}

/**
 * For a table whose rows change what the shop shows at a stored time (a release, a sale window):
 * the ids of the rows one of whose `times` fell in (after, until], and the earliest of those
 * times still to come. Each module asks this of its own table (decision 0087).
 */
export async function scheduledTimes(
  db: Db,
  table: SQL,
  id: PgColumn,
  times: PgColumn[],
  after: Date,
  until: Date,
): Promise<ScheduledTimes> {
  const from = after.toISOString();
  const to = until.toISOString();
  const reached = sql.join(
    times.map((t) => sql`(${t} > ${from} and ${t} <= ${to})`),
    sql` or `,
  );
  const coming = sql.join(
    times.map((t) => sql`(select min(${t}) from ${table} where ${t} > ${to})`),
    sql`, `,
  );
  const [due, next] = await Promise.all([
    db.execute(sql`select ${id} as id from ${table} where ${reached}`),
    db.execute(sql`select least(${coming}) as next`),
  ]);
  const at = (next.rows[0] as { next: string | Date | null } | undefined)?.next;
  return {
    due: (due.rows as Array<{ id: number }>).map((r) => Number(r.id)),
    next: at ? new Date(at) : null,
  };
}
