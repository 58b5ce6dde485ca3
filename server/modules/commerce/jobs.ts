import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { every } from "../../lib/every";
import type { Logger } from "../../logger";
import { cancelAbandonedPayments } from "./checkout";
import type { PaymentProvider } from "./payments/provider";
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
): Promise<{ expired: number[]; refunded: number[] } | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('komaya.ledgers')) as locked`,
    );
    if (!(locked.rows[0] as { locked: boolean }).locked) return null;
    return { expired: await expirePoints(tx, now), refunded: await settleRefunds(tx, now) };
  });
}

/**
 * Runs the ledger jobs when the server starts and then every intervalMs, and gives up payments
 * whose confirmation step was abandoned (their points and coupon go back; each order's cancel is
 * itself locked and idempotent, so two processes doing it at once cancel it once). Each member
 * whose points, coupons or orders a pass changed is told to `membersChanged` once it is
 * committed: what is kept for them (status, pages: decisions 0038, 0042) shows the old balance
 * otherwise. Answers a stop function.
 */
export function startLedgerJobs(
  db: Db,
  logger: Logger,
  provider: PaymentProvider,
  membersChanged: (userIds: number[]) => Promise<void>,
  intervalMs = LEDGER_JOB_MS,
): () => void {
  return every("ledger jobs", intervalMs, logger, () =>
    runLedgerPass(db, logger, provider, membersChanged, new Date()),
  );
}

/** One pass of startLedgerJobs. */
export async function runLedgerPass(
  db: Db,
  logger: Logger,
  provider: PaymentProvider,
  membersChanged: (userIds: number[]) => Promise<void>,
  now: Date,
): Promise<void> {
  const settled = await runLedgerJobs(db, now);
  if (settled && (settled.expired.length > 0 || settled.refunded.length > 0)) {
    logger.info("ledgers settled", {
      expired: settled.expired.length,
      refunded: settled.refunded.length,
    });
  }
  const abandoned = await cancelAbandonedPayments(db, provider, now);
  if (abandoned.length > 0) {
    logger.info("abandoned payments cancelled", { abandoned: abandoned.length });
  }
  const changed = new Set([
    ...(settled?.expired ?? []),
    ...(settled?.refunded ?? []),
    ...abandoned,
  ]);
  if (changed.size > 0) await membersChanged([...changed]);
}
