import { and, count, desc, eq, gt, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { scheduledTimes } from "../../lib/scheduled-times";
import { orders, refundCampaigns, refunds } from "./schema";

/**
 * The refund campaigns as /ops edits them (issue 24, decision 0105). The store reads them in
 * refunds.ts; "entered" orders here are the ones settleRefunds reads: paid, not free, inside the
 * purchase window.
 */

export type RefundCampaign = typeof refundCampaigns.$inferSelect;
export type RefundCampaignValues = Omit<RefundCampaign, "refundCampaignId">;
type WindowState = "running" | "upcoming" | "ended";

function stateFilter(state: WindowState | undefined, now: Date): SQL | undefined {
  if (state === "upcoming") return gt(refundCampaigns.purchaseStartAt, now);
  if (state === "ended") return lte(refundCampaigns.purchaseEndAt, now);
  if (state === "running") {
    return and(lte(refundCampaigns.purchaseStartAt, now), gt(refundCampaigns.purchaseEndAt, now));
  }
  return undefined;
}

export async function editorRefundCampaigns(
  db: Db,
  query: { q?: string; state?: WindowState; page: number; pageSize: number },
  now: Date,
): Promise<{ rows: RefundCampaign[]; total: number }> {
  let named: SQL | undefined;
  if (query.q) {
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const like = ilike(refundCampaigns.name, `%${query.q.replace(/[\\%_]/g, "\\$&")}%`);
    named = id === null ? like : or(like, eq(refundCampaigns.refundCampaignId, id));
  }
  const where = and(named, stateFilter(query.state, now));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(refundCampaigns)
      .where(where)
      .orderBy(desc(refundCampaigns.purchaseStartAt), desc(refundCampaigns.refundCampaignId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(refundCampaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface RefundTally {
  orders: number;
  granted: number;
  pending: number;
}

/**
 * What a campaign's window holds so far: its paid orders, the points its refunds granted, and
 * what the orders not yet refunded will earn at its rate (as settleRefunds will count them).
 */
export async function refundTally(db: Db | Tx, c: RefundCampaign): Promise<RefundTally> {
  const [entered] = await db
    .select({
      orders: count(),
      pending: sql<string>`coalesce(sum(case when not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.orderId}) then floor(${orders.amount} * ${c.ratePercent} / 100) else 0 end), 0)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        gt(orders.amount, 0),
        sql`${orders.createdAt} >= ${c.purchaseStartAt}`,
        sql`${orders.createdAt} < ${c.purchaseEndAt}`,
      ),
    );
  const [granted] = await db
    .select({ points: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.refundCampaignId, c.refundCampaignId), eq(refunds.status, "granted")));
  return {
    orders: entered?.orders ?? 0,
    granted: Number(granted?.points ?? 0),
    pending: Number(entered?.pending ?? 0),
  };
}

export async function editorRefundCampaign(
  db: Db | Tx,
  id: number,
): Promise<RefundCampaign | null> {
  const [row] = await db
    .select()
    .from(refundCampaigns)
    .where(eq(refundCampaigns.refundCampaignId, id));
  return row ?? null;
}

/** Holds the campaign for the transaction, so two saves never interleave. */
export async function lockRefundCampaign(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: refundCampaigns.refundCampaignId })
    .from(refundCampaigns)
    .where(eq(refundCampaigns.refundCampaignId, id))
    .for("update");
  return rows.length > 0;
}

export async function insertRefundCampaign(tx: Tx, values: RefundCampaignValues) {
  const [row] = await tx
    .insert(refundCampaigns)
    .values(values)
    .returning({ id: refundCampaigns.refundCampaignId });
  return row!.id;
}

export async function updateRefundCampaign(tx: Tx, id: number, values: RefundCampaignValues) {
  await tx.update(refundCampaigns).set(values).where(eq(refundCampaigns.refundCampaignId, id));
}

/**
 * Purchase windows opening or closing in (after, until]: enable_refund and the topic pages'
 * refundEnable change with no write, so the schedule says a change for them (decision 0087).
 */
export function refundWindowTimes(db: Db, after: Date, until: Date) {
  return scheduledTimes(
    db,
    sql`${refundCampaigns}`,
    refundCampaigns.refundCampaignId,
    [refundCampaigns.purchaseStartAt, refundCampaigns.purchaseEndAt],
    after,
    until,
  );
}
