import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Logger } from "../../logger";
import { expirePoints } from "./points";
import { settleRefunds } from "./refunds";

/** How often points are expired and refunds settled. */
export const LEDGER_JOB_MS = 10 * 60_000;

/**
 * One pass of the ledger jobs: closes expired point lots and settles due refund campaigns. Runs
 * under a transaction advisory lock so only one process does the work at a time; each step is also
 * safe on its own when repeated (unique indexes), so a lost lock costs nothing but time.
 */
export async function runLedgerJobs(
  db: Db,
  now: Date,
): Promise<{ expired: number; refunded: number } | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('komaya.ledgers')) as locked`,
    );
    if (!(locked.rows[0] as { locked: boolean }).locked) return null;
    const t = tx as unknown as Db;
    return { expired: await expirePoints(t, now), refunded: await settleRefunds(t, now) };
  });
}

/** Runs the ledger jobs when the server starts and then every intervalMs; answers a stop function. */
export function startLedgerJobs(db: Db, logger: Logger, intervalMs = LEDGER_JOB_MS): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runLedgerJobs(db, new Date());
      if (result && (result.expired > 0 || result.refunded > 0)) {
        logger.info("ledgers settled", result);
      }
    } catch (error) {
      logger.error("ledger jobs failed", { error });
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
