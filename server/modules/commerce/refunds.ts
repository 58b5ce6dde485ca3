import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { daysLater, earnPoints } from "./points";
import { orders, refundCampaigns, refunds } from "./schema";

/** Refund campaigns whose purchase period is running: enable_refund of the user status. */
export async function enabledRefundIds(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: refundCampaigns.refundCampaignId })
    .from(refundCampaigns)
    .where(and(lte(refundCampaigns.purchaseStartAt, now), gt(refundCampaigns.purchaseEndAt, now)))
    .orderBy(asc(refundCampaigns.refundCampaignId));
  return rows.map((r) => r.id);
}

/** refund_id → period_date for the topic pages' {refund_period_date:ID}. */
export async function refundPeriodDates(db: Db): Promise<Record<number, string>> {
  const rows = await db
    .select({ id: refundCampaigns.refundCampaignId, periodDate: refundCampaigns.periodDate })
    .from(refundCampaigns);
  return Object.fromEntries(rows.map((r) => [r.id, r.periodDate]));
}

/**
 * Settles refund campaigns whose period_date has come: every paid order of the purchase period
 * gets rate_percent of its amount back as points. refunds_order_key lets an order be refunded
 * once, so a second run, a second process or a second campaign over the same days gives nothing
 * more. Answers the member of each order refunded.
 */
export async function settleRefunds(db: Db, now: Date): Promise<number[]> {
  const today = tokyoIsoDate(now);
  const due = await db
    .select()
    .from(refundCampaigns)
    .where(lte(refundCampaigns.periodDate, today))
    .orderBy(asc(refundCampaigns.refundCampaignId));
  const settled: number[] = [];
  for (const campaign of due) {
    const candidates = await db
      .select({ orderId: orders.orderId, userId: orders.userId, amount: orders.amount })
      .from(orders)
      .where(
        and(
          eq(orders.status, "paid"),
          gt(orders.amount, 0),
          sql`${orders.createdAt} >= ${campaign.purchaseStartAt}`,
          sql`${orders.createdAt} < ${campaign.purchaseEndAt}`,
          sql`not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.orderId})`,
        ),
      );
    for (const order of candidates) {
      const point = Math.floor((order.amount * campaign.ratePercent) / 100);
      if (point <= 0) continue;
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(refunds)
          .values({
            refundCampaignId: campaign.refundCampaignId,
            userId: order.userId,
            orderId: order.orderId,
            periodDate: campaign.periodDate,
            amount: point,
            status: "granted",
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: refunds.refundId });
        if (!row) return false;
        await earnPoints(tx, {
          userId: order.userId,
          point,
          reason: "refund",
          expiresAt: daysLater(now, campaign.pointValidDays),
          now,
          orderId: order.orderId,
          description: campaign.name,
        });
        return true;
      });
      if (done) settled.push(order.userId);
    }
  }
  return settled;
}
