/**
 * npm run seed -- --series N [--seed S] [--reset]
 *
 * Seeds the database the server would open (DATABASE_URL, else PGlite under DATA_DIR/pglite).
 * A database that already holds a catalog is left alone unless --reset empties it first.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { startOfTokyoDay } from "../../lib/clock";
import { type Db, openDatabase, pgliteDir } from "../client";
import { isSeeded } from "../seeded";
import { seedMedia } from "./media/write";
import { defaultSeedOptions, seedDatabase } from "./seed";

const argsSchema = z.object({
  series: z.coerce
    .number({ message: "--series must be a number" })
    .int("--series must be a whole number")
    .min(0, "--series must be 0 or more")
    .max(1_000_000, "--series must be at most 1000000")
    .optional(),
  seed: z.coerce
    .number({ message: "--seed must be a number" })
    .int("--seed must be a whole number")
    .min(0, "--seed must be 0 or more")
    .max(0xffffffff, "--seed must be below 4294967296")
    .optional(),
  reset: z.boolean().default(false),
  "if-empty": z.boolean().default(false),
  today: z.boolean().default(false),
});

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: "DATABASE_URL must start with postgres:// or postgresql://",
    }),
  DATA_DIR: z.string().min(1).default("./data"),
});

/** A problem with the command line or the target database, reported without a stack. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function parseCommandLine() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        series: { type: "string" },
        seed: { type: "string" },
        reset: { type: "boolean" },
        "if-empty": { type: "boolean" },
        today: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const args = argsSchema.safeParse(values);
  if (!args.success) fail(args.error.issues[0]!.message);
  const env = envSchema.safeParse(process.env);
  if (!env.success) fail(env.error.issues[0]!.message);
  return { args: args.data, env: env.data };
}

async function userTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  );
  return (result.rows as Array<{ tablename: string }>).map((r) => r.tablename);
}

async function writeMedia(db: Db, dataDir: string) {
  const media = await seedMedia(db, dataDir);
  process.stdout.write(
    `media: ${media.written} files written, ${media.kept} kept, in ${media.seconds.toFixed(1)} s\n`,
  );
}

async function main() {
  const { args, env } = parseCommandLine();
  const options = defaultSeedOptions(args.series);
  if (args.seed !== undefined) options.seed = args.seed;
  if (args.today) options.now = startOfTokyoDay(new Date());

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: pgliteDir(env.DATA_DIR),
  });
  try {
    await database.migrate();
    const { db } = database;
    const seeded = await isSeeded(db);
    if (seeded && args["if-empty"]) {
      await writeMedia(db, env.DATA_DIR);
      return;
    }
    if (seeded) {
      if (!args.reset) {
        fail("the database already holds a catalog; add --reset to empty it and seed again");
      }
      const tables = await userTables(db);
      await db.execute(
        sql.raw(
          `truncate table ${tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`,
        ),
      );
    }

    const started = performance.now();
    await seedDatabase(db, options);
    const seconds = (performance.now() - started) / 1000;

    const lines: string[] = [];
    for (const table of await userTables(db)) {
      const result = await db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
      const n = (result.rows[0] as { n: number }).n;
      if (n > 0) lines.push(`  ${table.padEnd(28)} ${n}`);
    }
    process.stdout.write(
      `seeded ${options.series} series (seed ${options.seed}, ${database.driver}) in ${seconds.toFixed(1)} s\n${lines.join("\n")}\n`,
    );
    await writeMedia(db, env.DATA_DIR);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof UsageError) {
    process.stderr.write(`seed: ${error.message}\n`);
    process.stderr.write(
      "usage: npm run seed -- --series N [--seed S] [--reset] [--if-empty] [--today]\n",
    );
    process.exit(2);
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`seed failed: ${detail}\n`);
  process.exit(1);
});
