import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { TEMPLATE_DATABASE_PREFIX, TEMPLATE_DIR_ENV, TEMPLATE_RUN_ENV } from "./test-database";

/**
 * Vitest global setup (decision 0075): names the run's template directory and PostgreSQL template
 * prefix, which the test files' workers inherit through the environment, and removes both when
 * the run ends. The templates themselves are built by the first file that needs each one, so a
 * run of one file pays for the templates it uses and no more.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // Both projects (pglite, postgres) run this; the first one's names serve the whole run.
  if (process.env[TEMPLATE_DIR_ENV]) return undefined;
  const dir = await mkdtemp(path.join(tmpdir(), "komaya-test-templates-"));
  const run = randomBytes(4).toString("hex");
  process.env[TEMPLATE_DIR_ENV] = dir;
  process.env[TEMPLATE_RUN_ENV] = run;
  return async () => {
    await rm(dir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropTemplates(url, `${TEMPLATE_DATABASE_PREFIX}${run}_`);
  };
}

/** Drops this run's template databases only: other runs may share the server. */
async function dropTemplates(url: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
