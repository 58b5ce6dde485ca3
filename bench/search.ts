/**
 * Search and suggest through HTTP on a 100,000-series catalog (npm run bench:search, and the
 * search row of npm run bench), never run as a test. Starts the built server (npm run build
 * first) on a catalog seeded once and reused, then loads /api/search and /api/suggest with
 * several concurrent visitors (autocannon), each request the next of a long list of realistic
 * queries drawn from the catalog: Japanese title pieces, authors, kana prefixes, tags, filters.
 *
 *   npx tsx bench/search.ts [--series 100000] [--seconds 10] [--connections 8] [--port 3991]
 *                           [--data-dir /tmp/komaya-search-bench] [--cpu-prof DIR]
 *                           [--postgres-only]
 *
 * Runs on embedded PGlite, and also on PostgreSQL when DATABASE_URL is set: the catalog goes
 * into a database of its own beside it (<name>_search_<series>, created and seeded once), so the
 * database DATABASE_URL names is left as it is.
 *
 * --cpu-prof DIR starts the server under `node --cpu-prof`: its profile lands in DIR when the run
 * ends (read it with bench/profile-summary.ts; --last picks the final seconds).
 *
 * Goals (issue 12): /api/search p95 ≤ 50 ms, /api/suggest p95 ≤ 20 ms with 8 concurrent users.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { openDatabase, pgliteDir } from "../server/db/client";
import { waitForServer } from "./server";

const args = z
  .object({
    series: z.coerce.number().int().min(100).max(1_000_000).default(100_000),
    seconds: z.coerce.number().int().min(1).max(120).default(10),
    connections: z.coerce.number().int().min(1).max(256).default(8),
    port: z.coerce.number().int().min(1).max(65535).default(3991),
    "data-dir": z.string().default("/tmp/komaya-search-bench"),
    "cpu-prof": z.string().optional(),
    // Only the PostgreSQL half (DATABASE_URL), e.g. to measure it alone on a quiet machine.
    "postgres-only": z.boolean().default(false),
  })
  .parse(
    parseArgs({
      options: {
        series: { type: "string" },
        seconds: { type: "string" },
        connections: { type: "string" },
        port: { type: "string" },
        "data-dir": { type: "string" },
        "cpu-prof": { type: "string" },
        "postgres-only": { type: "boolean" },
      },
    }).values,
  );

const SEARCHES = 1000;
const SUGGESTS = 2000;
const GOAL_SEARCH_P95 = 50;
const GOAL_SUGGEST_P95 = 20;

/** A deterministic pseudo-random sequence, so every run asks the same queries. */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

function toHalfWidthKatakana(text: string): string {
  // Enough of the JIS X 0201 table for readings: plain kana and the long vowel mark.
  const full =
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンー";
  const half = "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｰ";
  const katakana = text.replace(/[\u3041-\u3096]/g, (c) =>
    String.fromCharCode(c.charCodeAt(0) + 0x60),
  );
  return [...katakana].map((c) => (full.includes(c) ? half[full.indexOf(c)]! : c)).join("");
}

interface Target {
  driver: "PGlite" | "PostgreSQL";
  databaseUrl?: string;
}

/** The PostgreSQL database beside DATABASE_URL's that holds the bench catalog; created if missing. */
async function postgresTarget(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || "postgres"}_search_${args.series}`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** Seeds the catalog once (it takes minutes at 100,000 series) and draws the queries from it. */
async function prepare(target: Target) {
  const dataDir = args["data-dir"];
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: target.databaseUrl ?? "" };
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: pgliteDir(dataDir),
  });
  await database.migrate();
  const count = async (q: string) =>
    Number(((await database.db.execute(sql.raw(q))).rows[0] as { n: number | string }).n);
  if ((await count("select count(*) as n from series")) === 0) {
    await database.close();
    process.stdout.write(`seeding ${args.series} series for ${target.driver} (once)…\n`);
    const seeded = spawnSync("npm", ["run", "seed", "--", "--series", String(args.series)], {
      stdio: "inherit",
      env,
    });
    if (seeded.status !== 0) throw new Error("seeding failed");
    return prepare(target);
  }
  try {
    const seriesCount = await count("select count(*) as n from series");
    return { seriesCount, ...(await drawQueries(database.db)) };
  } finally {
    await database.close();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

/** Words as readers type them, taken from the catalog: the same list on every run. */
async function drawQueries(db: Db) {
  const random = lcg(20261124);
  const sample = async (q: string) =>
    (await db.execute(sql.raw(q))).rows as Array<Record<string, string>>;
  const titles = await sample(
    "select name, name_kana from series where latest_release_date <= now() order by series_id % 997, series_id limit 1000",
  );
  const authorRows = await sample(
    "select a.author_id::text as id, a.name, a.name_kana from authors a where exists (select 1 from series_authors sa where sa.author_id = a.author_id) order by a.author_id % 991, a.author_id limit 400",
  );
  const tagRows = await sample("select tag_id::text as id, name from tags order by tag_id");
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const piece = (text: string, length: number) => {
    const chars = [...text.replace(/\s/g, "")];
    const start = Math.floor(random() * Math.max(1, chars.length - length + 1));
    return chars.slice(start, start + length).join("");
  };
  const kanjiPair = () => {
    for (let i = 0; i < 20; i++) {
      const p = piece(pick(titles).name!, 2);
      if (/^\p{Script=Han}{2}$/u.test(p)) return p;
    }
    return "魔王";
  };
  const popular = ["転生", "異世界", "恋", "魔王", "悪役令嬢", "探偵", "猫", "ラブ"];

  const searches: string[] = [];
  const add = (keys: Record<string, string | number | undefined>) => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(keys)) if (v !== undefined) query.set(k, String(v));
    searches.push(`/api/search?${query}`);
  };
  for (let i = 0; i < SEARCHES; i++) {
    switch (i % 10) {
      case 0:
        add({ wd: pick(popular), pn: 1 + Math.floor(random() * 2) });
        break;
      case 1:
        add({ wd: kanjiPair() });
        break;
      case 2:
        add({ wd: piece(pick(titles).name!, 3 + Math.floor(random() * 3)) });
        break;
      case 3:
        add({ wd: pick(authorRows).name });
        break;
      case 4:
        add({ wd: toHiragana(piece(pick(titles).name_kana!, 4)) });
        break;
      case 5:
        add({ wd: toHalfWidthKatakana(pick(authorRows).name_kana!.split(" ")[0]!) });
        break;
      case 6:
        add({
          wd: kanjiPair(),
          gn: 2 + Math.floor(random() * 5),
          ft: Math.floor(random() * 3),
          sort: Math.floor(random() * 6),
        });
        break;
      case 7:
        add({
          gn: 2 + Math.floor(random() * 5),
          tg: pick(tagRows).id,
          rt: pick([3, 4, 4.5]),
          sort: Math.floor(random() * 6),
          pn: 1 + Math.floor(random() * 3),
        });
        break;
      case 8:
        add({ wd: `${pick(popular)} ${kanjiPair()}`, sort: pick([0, 1, 2]) });
        break;
      default:
        add({
          at: random() < 0.5 ? pick(authorRows).id : undefined,
          gn: 2 + Math.floor(random() * 5),
          ps: 1,
          pe: 500,
          sort: 2,
        });
    }
  }

  // The search box asks at every keystroke: a word's growing prefixes.
  const suggests: string[] = [];
  const typed = (word: string) => {
    const chars = [...word.replace(/\s/g, "")];
    for (let n = 1; n <= Math.min(chars.length, 4); n++)
      suggests.push(`/api/suggest?${new URLSearchParams({ wd: chars.slice(0, n).join("") })}`);
  };
  while (suggests.length < SUGGESTS) {
    switch (suggests.length % 6) {
      case 0:
        typed(pick(titles).name!);
        break;
      case 1:
        typed(toHiragana(pick(titles).name_kana!));
        break;
      case 2:
        typed(pick(authorRows).name!);
        break;
      case 3:
        typed(piece(pick(titles).name!, 3));
        break;
      case 4:
        typed(pick(popular));
        break;
      default:
        typed(pick(tagRows).name!);
    }
  }
  return { searches, suggests: suggests.slice(0, SUGGESTS) };
}

interface Row {
  name: string;
  users: number;
  rps: number;
  p50: number;
  p95: number;
  p975: number;
  errors: number;
  non2xx: number;
  goal: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `connections` visitors, each sending the next path of the list as soon as its last answer came. */
async function load(
  name: string,
  base: string,
  paths: string[],
  connections: number,
  seconds: number,
  goal: number,
): Promise<Row> {
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              request.path = paths[next++ % paths.length]!;
              return request;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    users: connections,
    rps: Math.round(result.requests.total / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    goal,
  };
}

const ms = (n: number) => n.toFixed(1);

function table(rows: Row[]) {
  const lines = [
    "| target | users | requests/s | p50 ms | p95 ms | p97.5 ms | errors | non-2xx | goal p95 |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${r.users} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p975)} | ${r.errors} | ${r.non2xx} | ≤ ${r.goal} ms ${r.p95 <= r.goal ? "meets" : "MISSES"} |`,
    );
  return lines.join("\n");
}

async function measure(target: Target): Promise<boolean> {
  const prepared = await prepare(target);
  const base = `http://127.0.0.1:${args.port}`;
  const started = Date.now();
  const profile = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}`] : [];
  const server = spawn("node", [...profile, "build/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(args.port),
      HOST: "127.0.0.1",
      DATA_DIR: args["data-dir"],
      DATABASE_URL: target.databaseUrl ?? "",
      SEED_SERIES: String(args.series),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Searches are measured once the server holds its copies of the search tables and of the
  // cards, as it does some seconds after it starts (minutes on a busy machine); before that
  // the database answers them.
  const held = new Promise<void>((resolve) => {
    let seen = "";
    server.stdout!.on("data", (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes("search index held in memory")) resolve();
    });
  });
  try {
    await waitForServer(`${base}/healthz`, server, 600_000);
    await Promise.race([held, new Promise((r) => setTimeout(r, 600_000))]);
    process.stdout.write(
      `\n## search through HTTP, ${target.driver}: ${prepared.seriesCount} series, server ready after ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    // Warm up: JIT, the database's caches and whatever the server keeps in memory.
    await load("warm", base, prepared.searches, 2, 3, 0);
    await load("warm", base, prepared.suggests, 2, 2, 0);
    const users = args.connections;
    const rows = [
      await load(
        `${target.driver} GET /api/search`,
        base,
        prepared.searches,
        users,
        args.seconds,
        GOAL_SEARCH_P95,
      ),
      await load(
        `${target.driver} GET /api/suggest`,
        base,
        prepared.suggests,
        users,
        args.seconds,
        GOAL_SUGGEST_P95,
      ),
      await load(
        `${target.driver} GET /api/search`,
        base,
        prepared.searches,
        1,
        Math.max(1, Math.round(args.seconds / 2)),
        GOAL_SEARCH_P95,
      ),
      await load(
        `${target.driver} GET /api/suggest`,
        base,
        prepared.suggests,
        1,
        Math.max(1, Math.round(args.seconds / 2)),
        GOAL_SUGGEST_P95,
      ),
    ];
    process.stdout.write(`${table(rows)}\n`);
    process.stdout.write(
      `search through HTTP (${target.driver}, ${users} users): /api/search p95 ${ms(rows[0]!.p95)} ms, p97.5 ${ms(rows[0]!.p975)} ms at ${rows[0]!.rps} requests/s; /api/suggest p95 ${ms(rows[1]!.p95)} ms, p97.5 ${ms(rows[1]!.p975)} ms at ${rows[1]!.rps} requests/s\n`,
    );
    return rows[0]!.p95 <= GOAL_SEARCH_P95 && rows[1]!.p95 <= GOAL_SUGGEST_P95;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

async function main() {
  if (!existsSync("build/server/main.js")) throw new Error("run npm run build first");
  const load1 = loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
  process.stdout.write(
    `# search bench: ${args.series} series, ${args.connections} users, ${args.seconds} s each; load average ${load1} on ${cpus().length} cores\n`,
  );
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (args["postgres-only"] && !databaseUrl) throw new Error("--postgres-only needs DATABASE_URL");
  let met = args["postgres-only"] ? true : await measure({ driver: "PGlite" });
  if (databaseUrl) {
    met =
      (await measure({ driver: "PostgreSQL", databaseUrl: await postgresTarget(databaseUrl) })) &&
      met;
  }
  if (!met) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
