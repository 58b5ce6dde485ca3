import type { Db } from "../../db/client";
import { every, type Schedule } from "../../lib/every";
import type { Logger } from "../../logger";
import { refreshRankings } from "./service";

/** How often the server recomputes rankings. */
export const RANKING_REFRESH_MS = 10 * 60_000;

/**
 * Recomputes rankings when the server starts and then every intervalMs. Runs never overlap in
 * one process; across processes refreshRankings lets one write and skips young results.
 * Answers a function that stops the schedule, with the start's pass (the server is ready after it).
 */
export function startRankingRefresh(
  db: Db,
  logger: Logger,
  intervalMs = RANKING_REFRESH_MS,
): Schedule {
  return every("ranking refresh", intervalMs, logger, async () => {
    const started = performance.now();
    const result = await refreshRankings(db, { minAgeMs: intervalMs / 2 });
    if (!result.skipped) {
      logger.info("rankings refreshed", {
        rows: result.rows,
        ms: Math.round(performance.now() - started),
      });
    }
  });
}
