import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Schedule } from "../../lib/every";
import type { Logger } from "../../logger";
import { cardMemory } from "./card-memory";
import { rebuildSearchIndex, refreshSearchPopularity, vacuumSearchTables } from "./indexer";
import { searchMemory } from "./memory-index";
import { searchIndexState } from "./schema";

/** The 人気 order follows purchases this often; the whole index is re-read less often. */
export const SEARCH_POPULARITY_MS = 10 * 60_000;
export const SEARCH_REBUILD_MS = 60 * 60_000;

/**
 * Reads the copies searches answer from (decisions 0034, 0039) now, not at the first visitor's
 * search: a process is ready to serve after it.
 */
export async function holdSearchInMemory(db: Db) {
  const [memory, cards] = await Promise.all([searchMemory(db), cardMemory(db)]);
  return { series: memory.series.count, cards: cards.facts.size };
}

/**
 * Keeps the search index current while the server runs: at start it is rebuilt if it has never
 * been built or is older than rebuildMs, then rebuilt every rebuildMs and its popularity
 * refreshed every popularityMs. Answers a function that stops the schedule, with the start's
 * pass (check, rebuild, copies in memory), after which the server is ready.
 */
export function startSearchIndexRefresh(
  db: Db,
  logger: Logger,
  { rebuildMs = SEARCH_REBUILD_MS, popularityMs = SEARCH_POPULARITY_MS } = {},
): Schedule {
  let running = false;
  const guarded = async (name: string, work: () => Promise<unknown>) => {
    if (running) return;
    running = true;
    const started = performance.now();
    try {
      const result = await work();
      logger.info(name, { result, ms: Math.round(performance.now() - started) });
    } catch (error) {
      logger.error(`${name} failed`, { error });
    } finally {
      running = false;
    }
  };
  const rebuild = () =>
    guarded("search index rebuilt", async () => {
      const result = await rebuildSearchIndex(db);
      if (!result.skipped) await vacuumSearchTables(db);
      return result;
    });
  const firstPass = (async () => {
    const [state] = await db.select().from(searchIndexState).where(eq(searchIndexState.id, 1));
    const age = state?.rebuiltAt
      ? Date.now() - state.rebuiltAt.getTime()
      : Number.POSITIVE_INFINITY;
    if (age >= rebuildMs) await rebuild();
    // An index built by the seed was built inside its transaction, where VACUUM cannot run.
    else await guarded("search tables vacuumed", () => vacuumSearchTables(db));
    await guarded("search index held in memory", () => holdSearchInMemory(db));
  })().catch((error) => logger.error("search index check failed", { error }));
  const timers = [
    setInterval(() => void rebuild(), rebuildMs),
    setInterval(
      () => void guarded("search popularity refreshed", () => refreshSearchPopularity(db)),
      popularityMs,
    ),
  ];
  for (const t of timers) t.unref();
  const stop = () => {
    for (const t of timers) clearInterval(t);
  };
  return Object.assign(stop, { firstPass });
}

/** A burst of editor writes (a series and its volumes) is one rebuild. */
