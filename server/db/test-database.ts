import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Database, type Db, migrationsFolder, openDatabase } from "./client";

/**
 * Rows a group of test files starts from, loaded once per run into a template that each file
 * copies (decision 0075). The name is the template's key: two fixtures never share one.
 */
export interface TestFixture {
  name: string;
  load(db: Db): Promise<void>;
}

/**
 * Where the run's templates live, set by the vitest global setup (server/db/test-templates.ts):
 * a directory of PGlite dumps, and a run id that names the PostgreSQL template databases.
 * Without it (Playwright, or a runner without the global setup) each database is built from
 * scratch, as before.
 */
export const TEMPLATE_DIR_ENV = "KOMAYA_TEST_TEMPLATE_DIR";
export const TEMPLATE_RUN_ENV = "KOMAYA_TEST_TEMPLATE_RUN";

/** PostgreSQL template databases of one run start with this, then the run id. */
export const TEMPLATE_DATABASE_PREFIX = "komaya_tpl_";

/**
 * A fresh, migrated database for one test file, holding the fixture's rows when one is named.
 * PGlite in memory by default, loaded from the run's dump of the migrated (and fixture-loaded)
 * data directory; on the PostgreSQL server of TEST_DATABASE_URL when the postgres project runs,
 * a brand-new database copied from the run's template database and dropped again on close, so
 * no run depends on what an earlier one left.
 *
 * If the setup fails, what was opened is closed and the setup's own error is thrown.
 */
export async function createTestDatabase(
  options: { fixture?: TestFixture } = {},
): Promise<Database> {
  const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  return url ? postgresDatabase(url, options.fixture) : pgliteDatabase(options.fixture);
}

async function pgliteDatabase(fixture: TestFixture | undefined): Promise<Database> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (!dir) return prepared(await openDatabase({ dataDir: "memory://" }), fixture);
  const dump = await pgliteTemplate(dir, fixture);
  return openDatabase({ dataDir: "memory://", template: dump });
}

/** Migrates and loads the fixture; closes the database when either fails. */
async function prepared(database: Database, fixture: TestFixture | undefined): Promise<Database> {
  try {
    await database.migrate();
    await fixture?.load(database.db);
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * The dump of the template: the migrated one is kept between runs, under a name made of the
 * migrations and the PGlite version, since it is theirs alone; a fixture's, built from it, lives
 * in the run's directory, since a fixture is code that may change between runs.
 */
async function pgliteTemplate(dir: string, fixture: TestFixture | undefined): Promise<Uint8Array> {
  if (!fixture) {
    return sharedDump(path.join(MIGRATED_CACHE, `migrated-${await migrationsHash()}.tar`), () =>
      buildPgliteDump(undefined, undefined),
    );
  }
  return sharedDump(path.join(dir, `${fixture.name}.tar`), async () =>
    buildPgliteDump(await pgliteTemplate(dir, undefined), fixture),
  );
}

const NODE_MODULES = path.join(process.cwd(), "node_modules");
const MIGRATED_CACHE = path.join(NODE_MODULES, ".cache", "komaya-test-templates");

/** A lock older than this was left by a run that died while building; the next one takes over. */
const STALE_LOCK_MS = 180_000;

/**
 * Built by the first file that asks while the others wait: whoever creates the lock file builds,
 * writes the dump beside it and renames it into place, so a reader never sees half a dump. A
 * failed build removes its lock, and the next file tries again and reports the failure as its own.
 */
async function sharedDump(file: string, build: () => Promise<Uint8Array>): Promise<Uint8Array> {
  await mkdir(path.dirname(file), { recursive: true });
  const lockFile = `${file}.lock`;
  for (;;) {
    if (await exists(file)) return readFile(file);
    const lock = await open(lockFile, "wx").catch(() => null);
    if (!lock) {
      const age = await stat(lockFile).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rm(lockFile, { force: true });
      else await sleep(100);
      continue;
    }
    try {
      const dump = await build();
      const part = `${file}.${randomBytes(4).toString("hex")}.part`;
      await writeFile(part, dump);
      await rename(part, file);
      return dump;
    } finally {
      await lock.close();
      await rm(lockFile, { force: true });
    }
  }
}

/** The migrations' contents and the PGlite version: what the migrated template is made of. */
async function migrationsHash(): Promise<string> {
  const hash = createHash("sha256");
  hash.update(await readFile(path.join(NODE_MODULES, "@electric-sql", "pglite", "package.json")));
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Built in this process rather than on a database thread, since only PGlite itself can dump. */
async function buildPgliteDump(
  base: Uint8Array | undefined,
  fixture: TestFixture | undefined,
): Promise<Uint8Array> {
  const client = await PGlite.create(undefined, {
    extensions: { pg_trgm },
    ...(base ? { loadDataDir: new Blob([base as Uint8Array<ArrayBuffer>]) } : {}),
  });
  try {
    const db = drizzlePglite({ client });
    if (!base) await migratePglite(db, { migrationsFolder });
    await fixture?.load(db);
    const dump = await client.dumpDataDir("none");
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

async function postgresDatabase(url: string, fixture: TestFixture | undefined): Promise<Database> {
  const run = process.env[TEMPLATE_RUN_ENV];
  const template = run ? await postgresTemplate(url, run, fixture) : undefined;
  const name = `komaya_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create database ${name}${template ? ` template ${template}` : ""}`);
  const drop = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), poolSize: 4 });
  const closing: Database = {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
  return template ? closing : prepared(closing, fixture);
}

async function adminQuery(url: string, query: string, params?: unknown[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query(query, params);
  } finally {
    await admin.end();
  }
}

/**
 * The run's template database for the fixture, built by the first file that asks while the
 * others wait on an advisory lock. Nobody stays connected to it, since CREATE DATABASE … TEMPLATE
 * refuses a template in use.
 */
async function postgresTemplate(
  url: string,
  run: string,
  fixture: TestFixture | undefined,
): Promise<string> {
  const name = `${TEMPLATE_DATABASE_PREFIX}${run}_${(fixture?.name ?? "migrated").replaceAll(/\W/g, "_")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    const base = fixture ? await postgresTemplate(url, run, undefined) : undefined;
    await admin.query(`create database ${name}${base ? ` template ${base}` : ""}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
    try {
      if (!base) await database.migrate();
      await fixture?.load(database.db);
    } catch (error) {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      throw error;
    }
    await database.close();
    return name;
  } finally {
    await admin.end();
  }
}
