import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "./client";

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; a brand-new
 * database on the PostgreSQL server of TEST_DATABASE_URL when the postgres project runs,
 * dropped again on close, so no run depends on what an earlier one left.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
    return database;
  }
  const name = `komaya_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), poolSize: 4 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
