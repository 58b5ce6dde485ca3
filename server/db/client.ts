import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { Assume } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openPgliteThread } from "./pglite-thread";

// The build copies migrations next to the server bundle, so this resolves in source and in build/.
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/**
 * What a raw `execute` answers with on both drivers: node-postgres gives `QueryResult`
 * (`rowCount`), PGlite gives `Results` (`affectedRows`); both give `rows`.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryResult<Assume<this["row"], Record<string, unknown>>>;
}

interface QueryResult<Row> {
  rows: Row[];
  rowCount?: number | null;
  affectedRows?: number;
}

/**
 * The database, either driver (decision 0077): services are written once against the pg-core API.
 * Both `NodePgDatabase` and `PgliteDatabase` extend this base class, so neither is cast into the other.
 */
export type Db = PgDatabase<QueryResultHKT>;

/**
 * An open transaction. Code that must run inside one (money, locks taken with `for update`)
 * asks for a `Tx`: the plain `Db` lacks `rollback`, so passing it is a type error.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How busy the database connections are (read when /metrics is scraped). */
export interface PoolUsage {
  /** The most connections the pool opens (PGlite: its one connection). */
  max: number;
  /** Connections open now. */
  open: number;
  /** Open connections nobody is using. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  usage(): PoolUsage;
  /** Answers true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Plain SQL for a library that brings its own statements (the job queue, decision 0088). Each
   * call runs by itself: never inside another caller's transaction (on PGlite's one connection
   * too), and a statement list that fails part-way is rolled back before anything else runs.
   * A list of statements answers the rows of all of them, in order.
   */
  sql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

type RowsOf = { rows?: Record<string, unknown>[] };
const allRows = (result: RowsOf | RowsOf[]) =>
  Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : (result.rows ?? []);

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /** A PGlite dump (dumpDataDir, uncompressed tar) to start from instead of an empty cluster. */
  template?: Uint8Array;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const max = opts.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool });
    return {
      db,
      driver: "postgres",
      usage: () => ({
        max,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      async ping() {
        try {
          await pool.query("select 1");
          return true;
        } catch {
          return false;
        }
      },
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
      async sql(text, values) {
        const client = await pool.connect();
        let broken = false;
        try {
          return { rows: allRows(await client.query(text, values)) };
        } catch (error) {
          // A list that failed after its own BEGIN leaves the connection in an aborted
          // transaction; the pool must not hand that to the next caller.
          await client.query("ROLLBACK").catch(() => {
            broken = true;
          });
          throw error;
        } finally {
          client.release(broken);
        }
      },
    };
  }
  const dir = opts.dataDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = await openPgliteThread(
    dir.startsWith("memory://") ? undefined : dir,
    opts.template,
  );
  // The thread answers only the part of PGlite's API that drizzle calls (see PgliteThread).
  const db = drizzlePglite({ client: client as unknown as PGlite });
  let closed = false;
  return {
    db,
    driver: "pglite",
    // One connection: busy while a call runs, the calls behind it wait for PGlite's lock.
    usage: () => ({
      max: 1,
      open: closed ? 0 : 1,
      idle: client.pending() === 0 && !closed ? 1 : 0,
      waiting: Math.max(0, client.pending() - 1),
    }),
    async ping() {
      if (closed) return false;
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    async sql(text, values) {
      // One statement with parameters runs as PGlite's own query, which waits for any open
      // transaction; a list (no parameters) runs alone on the thread.
      const result =
        values && values.length > 0
          ? await client.query<Record<string, unknown>>(text, values)
          : await client.execAlone(text);
      return { rows: allRows(result as RowsOf | RowsOf[]) };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export function pgliteDir(dataDir: string) {
  return path.join(dataDir, "pglite");
}
