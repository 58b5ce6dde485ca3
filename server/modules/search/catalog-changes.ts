import type { Db } from "../../db/client";
import { forgetCatalog, rereadSearch } from "../../lib/catalog-generation";
import type { CatalogChange, ChangeBus } from "../../lib/changes";
import type { Logger } from "../../logger";
import { campaignWindowTimes } from "../campaign/service";
import { nextSummaryDue, refreshDueSummaries } from "../catalog/series-summary";
import { seriesTouchedBy, volumeReleases } from "../catalog/service";
import { refundWindowTimes } from "../commerce/refund-editing";
import { dramaCdSaleTimes, seriesOfDramaCd } from "../dramacd/service";
import { newsPublishTimes } from "../news/editing";
import { reindexSeries } from "./indexer";

/** Series read again in one pass: a genre's change may touch thousands. */
const REINDEX_BATCH = 2000;

/** The series whose search rows a change may move; "all" when it cannot be told which. */
async function seriesOf(db: Db, change: CatalogChange): Promise<number[] | "all"> {
  switch (change.entity) {
    // A campaign moves no search row: cards pick its sale up from the campaigns read again.
    case "campaign":
    // Nor do the notices, stamp cards and lotteries: only the kept answers that show them.
    case "news":
    case "stamp_card":
    case "lottery":
    case "popup":
    case "coupon":
    case "topic_page":
    case "home_layout":
    case "refund_campaign":
      return [];
    case "drama_cd":
      return (await seriesOfDramaCd(db, { cdId: change.id })) ?? "all";
    case "track":
      return (await seriesOfDramaCd(db, { trackId: change.id })) ?? "all";
    default:
      // A volume deleted with its row names no series any more: every copy is read again.
      return (await seriesTouchedBy(db, change.entity, change.id)) ?? "all";
  }
}

export interface CatalogFollower {
  /** Resolves once the change is in this process's search rows and copies. */
  heard(change: CatalogChange): Promise<void>;
  /** Changes may have been missed: every copy is read again. */
  missed(): Promise<void>;
}

/**
 * Brings the search tables and this process's copies of them (memory-index.ts, card-memory.ts,
 * in both bundles) up to a heard change now, not at the next hourly rebuild (decision 0087):
 * the touched series' rows are written again, then every copy reads them. Changes heard while a
 * pass runs are gathered into the next one, so a burst of fifty costs two passes, not fifty.
 */
export function catalogFollower(db: Db, logger: Logger): CatalogFollower {
  let pending: Set<number> | "all" | null = null;
  let running: Promise<void> | null = null;

  const drain = async () => {
    while (pending !== null) {
      const batch = pending;
      pending = null;
      const ids = batch === "all" ? "all" : [...batch];
      try {
        if (ids !== "all")
          for (let i = 0; i < ids.length; i += REINDEX_BATCH)
            await reindexSeries(db, ids.slice(i, i + REINDEX_BATCH));
      } catch (error) {
        logger.error("catalog change: search rows not written again", { error });
      }
      rereadSearch(ids);
    }
  };
  const follow = (ids: number[] | "all") => {
    if (ids === "all" || pending === "all") pending = "all";
    else {
      pending ??= new Set();
      for (const id of ids) pending.add(id);
    }
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    async heard(change) {
      let ids: number[] | "all";
      try {
        ids = await seriesOf(db, change);
      } catch (error) {
        logger.error("catalog change: its series not found", { error, change });
        ids = "all";
      }
      await follow(ids);
    },
    missed: () => follow("all"),
  };
}

/** Longest sleep between two looks at the tables, so a missed re-arm heals by itself. */
export const SCHEDULE_MAX_WAIT_MS = 5 * 60_000;
/** A timer may fire a hair early; the look waits this much past the time it was set for. */
const LATE_MS = 50;

/**
 * "A schedule reached" (issue 23): a volume released, a drama CD's sale beginning or ending, a
 * campaign or a ポイント還元 purchase window starting or ending change what the shop shows with no write at all. This timer, run
 * by the one process that runs the background jobs on each machine, sleeps until the next such
 * time read from the tables and then says a change for every row whose time came, on the bus, so
 * every worker of every machine drops what it keeps (decision 0087). Any change heard re-arms it:
 * a volume just given a release time in two minutes is not slept through.
 */
export function startCatalogSchedule(
  db: Db,
  changes: ChangeBus,
  logger: Logger,
  { maxWaitMs = SCHEDULE_MAX_WAIT_MS, now = () => new Date() } = {},
): () => void {
  // What came before the start is already in every fresh process's answers.
  let last = now();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let looking: Promise<void> | null = null;

  const arm = (next: Date | null) => {
    clearTimeout(timer);
    if (stopped) return;
    const wait = next ? Math.max(0, next.getTime() - now().getTime()) + LATE_MS : maxWaitMs;
    timer = setTimeout(() => void look(), Math.min(wait, maxWaitMs));
    timer.unref();
  };

  const pass = async () => {
    const until = now();
    // A series whose publish or release time came moves its list summary (volume count,
    // latest volume) first, so what the change makes every process read again is current.
    const summarised = await refreshDueSummaries(db, until);
    const found = await Promise.all([
      volumeReleases(db, last, until),
      dramaCdSaleTimes(db, last, until),
      campaignWindowTimes(db, last, until),
      newsPublishTimes(db, last, until),
      refundWindowTimes(db, last, until),
    ]);
    const [volumes, cds, campaigns, notices, refundWindows] = found;
    const due: CatalogChange[] = [
      ...summarised.map((id) => ({ entity: "series" as const, id })),
      ...volumes.due.map((id) => ({ entity: "volume" as const, id })),
      ...cds.due.map((id) => ({ entity: "drama_cd" as const, id })),
      ...campaigns.due.map((id) => ({ entity: "campaign" as const, id })),
      ...notices.due.map((id) => ({ entity: "news" as const, id })),
      ...refundWindows.due.map((id) => ({ entity: "refund_campaign" as const, id })),
    ];
    for (const change of due) await changes.publish(change);
    if (due.length > 0) logger.info("catalog schedule reached", { changes: due.length });
    last = until;
    const summaryDue = await nextSummaryDue(db, until);
    const times = [...found.flatMap((f) => (f.next ? [f.next.getTime()] : []))];
    if (summaryDue) times.push(summaryDue.getTime());
    arm(times.length > 0 ? new Date(Math.min(...times)) : null);
  };
  /** A change heard during a look may not be in what it read: one more look follows it. */
  let again = false;
  const look = (): Promise<void> => {
    if (looking) {
      again = true;
      return looking;
    }
    looking = pass()
      .catch((error) => {
        logger.error("catalog schedule failed", { error });
        arm(null);
      })
      .finally(() => {
        looking = null;
        if (again && !stopped) {
          again = false;
          void look();
        }
      });
    return looking;
  };

  const unsubscribe = changes.subscribe(() => void look());
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * What every process does when any instance says the catalog changed (decision 0087): drops at
 * once what it keeps about the catalog (cache.ts catalog caches, kept pages, member answers:
 * they go with the catalog generation), drops the shared answers kept in Redis, and brings the
 * search rows and copies up to the change. A gap on the bus (its connection was lost) drops
 * everything and reads every copy again. Answers the unsubscribe.
 */
export function followCatalogChanges(
  parts: {
    db: Db;
    changes: ChangeBus;
    sharedAnswers: { forgetAll(): Promise<void> };
  },
  logger: Logger,
): { stop: () => void; missed: () => Promise<void> } {
  const follower = catalogFollower(parts.db, logger);
  const stop = parts.changes.subscribe(async (change) => {
    forgetCatalog();
    await Promise.all([parts.sharedAnswers.forgetAll(), follower.heard(change)]);
  });
  return {
    stop,
    async missed() {
      forgetCatalog();
      await Promise.all([parts.sharedAnswers.forgetAll(), follower.missed()]);
    },
  };
}
