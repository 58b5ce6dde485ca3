import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons, pointEntries, presents, receivedCoupons } from "./schema";

/**
 * The member's points, coupons and presents as the back office's member page lists them (issue
 * 24): every row, used and expired ones too, newest first. The member's own pages group and
 * filter these; support needs the ledger as it is.
 */

/** The points ledger's own entries, one row each (a spend over several lots is several rows). */
export async function pointLedger(db: Db, userId: number, limit: number) {
  return db
    .select()
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId))
    .orderBy(desc(pointEntries.createdAt), desc(pointEntries.pointEntryId))
    .limit(limit);
}

/** Coupons the member holds or held. */
export async function heldCouponsOf(db: Db, userId: number, limit: number) {
  return db
    .select({
      couponId: receivedCoupons.couponId,
      name: coupons.name,
      receivedAt: receivedCoupons.receivedAt,
      expiresAt: receivedCoupons.expiresAt,
      usedAt: receivedCoupons.usedAt,
      orderId: receivedCoupons.orderId,
    })
    .from(receivedCoupons)
    .innerJoin(coupons, eq(coupons.couponId, receivedCoupons.couponId))
    .where(eq(receivedCoupons.userId, userId))
    .orderBy(desc(receivedCoupons.receivedAt), desc(receivedCoupons.receivedCouponId))
    .limit(limit);
}

/** Every present put in the member's box, waiting, received or run out. */
export async function presentsOf(db: Db, userId: number, limit: number) {
  return db
    .select()
    .from(presents)
    .where(eq(presents.userId, userId))
    .orderBy(desc(presents.createdAt), desc(presents.presentId))
    .limit(limit);
}
