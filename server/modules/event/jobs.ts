import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { every } from "../../lib/every";
import type { Logger } from "../../logger";
import { summariseDay } from "./service";

/** How often the daily event counts are rebuilt. */
export const EVENT_SUMMARY_MS = 10 * 60_000;

/**
 * Rebuilds today's and yesterday's counts (yesterday, so events that came in just before midnight
 * are counted once the day is over). One process at a time, under an advisory lock; a rebuild is
 * harmless to repeat.
 */
export async function runEventSummary(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('komaya.event_summary')) as locked`,
    );
    if (!(locked.rows[0] as { locked: boolean }).locked) return false;
    await summariseDay(tx, new Date(now.getTime() - 86_400_000), now);
    await summariseDay(tx, now, now);
    return true;
  });
}

/** Runs the summary at start and every intervalMs; answers a stop function. */
export function startEventSummary(db: Db, logger: Logger, intervalMs = EVENT_SUMMARY_MS) {
  return every("event summary", intervalMs, logger, async () => {
    await runEventSummary(db, new Date());
  });
}
