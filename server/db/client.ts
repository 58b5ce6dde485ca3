import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

// The build copies migrations next to the server bundle, so this resolves in source and in build/.
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/** One type for both drivers: services are written once against the pg-core API. */
export type Db = ReturnType<typeof drizzlePg>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Answers true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool });
    return {
      db,
      driver: "postgres",
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
    };
  }
  const dir = opts.dataDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir.startsWith("memory://") ? undefined : dir, {
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client }) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: "pglite",
    async ping() {
      if (closed) return false;
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
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
