/**
 * Search and suggest latency on a 100,000-series catalog (npm run bench:search), never run as a
 * test. Seeds the catalog into an embedded database once (reused on later runs), then times
 * the service functions in this process: 200 searches of mixed kinds and 500 suggestions.
 *
 *   npx tsx bench/search.ts [--series 100000] [--data-dir /tmp/komaya-search-bench]
 *   (or DATABASE_URL=postgres://… to measure a PostgreSQL server that already holds a catalog)
 *
 * Goals: search p95 ≤ 50 ms, suggest p95 ≤ 20 ms.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type SearchInput, searchInputSchema } from "../contract/search";
import { openDatabase, pgliteDir } from "../server/db/client";
import { seriesItems } from "../server/modules/catalog/series-items";
import { rebuildSearchIndex } from "../server/modules/search/indexer";
import { searchSeriesIds, suggest } from "../server/modules/search/service";

const args = z
  .object({
    series: z.coerce.number().int().min(100).max(1_000_000).default(100_000),
    "data-dir": z.string().default(process.env.DATA_DIR ?? "/tmp/komaya-search-bench"),
  })
  .parse(
    parseArgs({ options: { series: { type: "string" }, "data-dir": { type: "string" } } }).values,
  );

const SEARCHES = 200;
const SUGGESTS = 500;
const GOAL_SEARCH_P95 = 50;
const GOAL_SUGGEST_P95 = 20;

/** A deterministic pseudo-random sequence, so every run times the same queries. */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Timing {
  wall: number;
  /** CPU time of this process (PGlite runs in it): what the query cost, whatever else runs. */
  cpu: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; timing: Timing }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, timing: { wall, cpu: (used.user + used.system) / 1000 } };
}

function summary(name: string, timings: Timing[], goal: number) {
  const wall = timings.map((t) => t.wall).sort((a, b) => a - b);
  const cpu = timings.map((t) => t.cpu).sort((a, b) => a - b);
  const p50 = percentile(wall, 50);
  const p95 = percentile(wall, 95);
  const cpu95 = percentile(cpu, 95);
  const verdict = p95 <= goal ? "meets" : "MISSES";
  const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
  process.stdout.write(
    `${name.padEnd(26)} n=${String(timings.length).padStart(3)}  p50 ${ms(p50)}  p95 ${ms(p95)}  max ${ms(wall[wall.length - 1]!)}  cpu p95 ${ms(cpu95)}  (${verdict} p95 ≤ ${goal} ms)\n`,
  );
  return { p50, p95 };
}

function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

function toHalfWidthKatakana(text: string): string {
  // Enough of the JIS X 0201 table for readings: plain kana and the long vowel mark.
  const full =
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンー";
  const half = "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｰ";
  return [...text].map((c) => (full.includes(c) ? half[full.indexOf(c)]! : c)).join("");
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = args["data-dir"];
  if (!databaseUrl && !existsSync(pgliteDir(dataDir))) {
    process.stdout.write(`seeding ${args.series} series into ${dataDir} (once; reused later)…\n`);
    const seeded = spawnSync("npm", ["run", "seed", "--", "--series", String(args.series)], {
      stdio: "inherit",
      env: { ...process.env, DATA_DIR: dataDir },
    });
    if (seeded.status !== 0) throw new Error("seeding failed");
  }

  const opened = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir: pgliteDir(dataDir) });
  try {
    await database.migrate();
  } catch (error) {
    throw new Error(
      `the database in ${dataDir} was made by an older schema; delete the directory and run again (${(error as Error).message})`,
    );
  }
  const { db } = database;
  const count = async (q: string) =>
    Number(((await db.execute(sql.raw(q))).rows[0] as { n: number | string }).n);
  const seriesCount = await count("select count(*) as n from series");
  if ((await count("select count(*) as n from series_search")) < seriesCount) {
    process.stdout.write("building the search index…\n");
    const started = performance.now();
    await rebuildSearchIndex(db, { force: true });
    process.stdout.write(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  // PGlite has no autovacuum: without statistics the planner guesses, and fresh rows lack hint
  // bits. A database PostgreSQL has looked after is what a running store queries.
  if ((await count("select reltuples::int as n from pg_class where relname = 'series'")) < 0) {
    process.stdout.write("vacuum analyze (once, as autovacuum would)…\n");
    await db.execute(sql`vacuum analyze`);
  }
  process.stdout.write(
    `catalog: ${seriesCount} series (${database.driver}, opened in ${((performance.now() - opened) / 1000).toFixed(1)} s)\n`,
  );

  // Real words from the catalog: titles, readings, authors, tags, as readers type them.
  const random = lcg(20261121);
  const sample = async (q: string) =>
    (await db.execute(sql.raw(q))).rows as Array<Record<string, string>>;
  const titles = await sample(
    "select name, name_kana from series where latest_release_date <= now() order by series_id % 997, series_id limit 400",
  );
  const authorRows = await sample(
    "select a.author_id::text as id, a.name, a.name_kana from authors a where exists (select 1 from series_authors sa where sa.author_id = a.author_id) order by a.author_id % 991, a.author_id limit 200",
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

  const searches: Array<{ kind: string; input: SearchInput }> = [];
  const add = (kind: string, keys: Record<string, unknown>) =>
    searches.push({ kind, input: searchInputSchema.parse(keys) });
  for (let i = 0; i < SEARCHES; i++) {
    switch (i % 8) {
      case 0:
        add("2-char kanji", { wd: kanjiPair() });
        break;
      case 1:
        add("3+ char title piece", { wd: piece(pick(titles).name!, 3 + Math.floor(random() * 3)) });
        break;
      case 2:
        add("author name", { wd: pick(authorRows).name });
        break;
      case 3:
        add("kana reading (hira)", {
          wd: piece(pick(titles).name_kana!, 4).replace(/[\u30a1-\u30f6]/g, (c) =>
            String.fromCharCode(c.charCodeAt(0) - 0x60),
          ),
        });
        break;
      case 4:
        add("author kana (half-width)", {
          wd: toHalfWidthKatakana(toKatakana(pick(authorRows).name_kana!.split(" ")[0]!)),
        });
        break;
      case 5:
        add("word + filters", {
          wd: kanjiPair(),
          gn: 2 + Math.floor(random() * 5),
          ft: Math.floor(random() * 3),
          sort: Math.floor(random() * 6),
        });
        break;
      case 6:
        add("filters only", {
          gn: 2 + Math.floor(random() * 5),
          tg: pick(tagRows).id,
          rt: pick([3, 4, 4.5]),
          sort: Math.floor(random() * 6),
          pn: 1 + Math.floor(random() * 3),
        });
        break;
      default:
        add("author id / price", {
          at: random() < 0.5 ? pick(authorRows).id : undefined,
          gn: 2 + Math.floor(random() * 5),
          ps: 1,
          pe: 500,
          sort: 2,
        });
    }
  }

  const prefixes: string[] = [];
  for (let i = 0; i < SUGGESTS; i++) {
    const length = 1 + (i % 4);
    switch (i % 5) {
      case 0:
        prefixes.push([...pick(titles).name!].slice(0, length).join(""));
        break;
      case 1:
        prefixes.push([...pick(titles).name_kana!].slice(0, length + 1).join(""));
        break;
      case 2:
        prefixes.push([...pick(authorRows).name!.replace(" ", "")].slice(0, length).join(""));
        break;
      case 3:
        prefixes.push(piece(pick(titles).name!, 2 + (i % 3)));
        break;
      default:
        prefixes.push([...pick(tagRows).name!].slice(0, length).join(""));
    }
  }

  // Warm the caches and the planner as a running server would be.
  for (const s of searches.slice(0, 20))
    await seriesItems(db, (await searchSeriesIds(db, s.input)).ids);
  for (const p of prefixes.slice(0, 40)) await suggest(db, p);

  // The search proper (ids and hit count) and the cards built for its page, timed apart.
  const idTimes: Timing[] = [];
  const answerTimes: Timing[] = [];
  const byKind = new Map<string, Timing[]>();
  let hits = 0;
  for (const s of searches) {
    const found = await timed(() => searchSeriesIds(db, s.input));
    const cards = await timed(() => seriesItems(db, found.value.ids));
    idTimes.push(found.timing);
    answerTimes.push({
      wall: found.timing.wall + cards.timing.wall,
      cpu: found.timing.cpu + cards.timing.cpu,
    });
    byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), found.timing]);
    if (found.value.hit > 0) hits++;
  }
  const suggestTimes: Timing[] = [];
  let offered = 0;
  for (const p of prefixes) {
    const found = await timed(() => suggest(db, p));
    suggestTimes.push(found.timing);
    if (found.value.length > 0) offered++;
  }

  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
  process.stdout.write(`\nload average ${load} on ${cpus().length} cores\n`);
  const search = summary("search (ids + hit count)", idTimes, GOAL_SEARCH_P95);
  for (const [kind, times] of byKind) summary(`  ${kind}`, times, GOAL_SEARCH_P95);
  summary("search + 30 cards", answerTimes, GOAL_SEARCH_P95);
  const suggestFigures = summary("suggest", suggestTimes, GOAL_SUGGEST_P95);
  process.stdout.write(
    `\n${hits}/${SEARCHES} searches found something; ${offered}/${SUGGESTS} suggestions offered something\n`,
  );
  await database.close();
  if (search.p95 > GOAL_SEARCH_P95 || suggestFigures.p95 > GOAL_SUGGEST_P95) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
