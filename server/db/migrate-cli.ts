/** npm run db:migrate: applies the migrations to the configured database (DATABASE_URL or PGlite). */
import { parseEnv } from "../env";
import { openDatabase, pgliteDir } from "./client";

const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: pgliteDir(env.DATA_DIR),
});
const started = performance.now();
await database.migrate();
await database.close();
console.log(
  `migrated ${database.driver} database in ${Math.round(performance.now() - started)} ms`,
);
