import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { couponItems, couponSeries, coupons, orders, receivedCoupons } from "./schema";

/**
 * The coupon tables as the /ops coupon editor reads and writes them (issue 24); the editor's
 * module adds the audit row and the checks around these.
 */

export type CouponRecord = typeof coupons.$inferSelect;

export type CouponValues = Omit<typeof coupons.$inferInsert, "couponId" | "createdAt"> & {
  seriesIds: number[];
  itemIds: number[];
};

export interface CouponUse {
  issued: number;
  used: number;
}

/** Copies handed out and used, per coupon: two counts on received_coupons' coupon indexes. */
export async function couponUses(db: Db, couponIds: readonly number[]) {
  const uses = new Map<number, CouponUse>();
  if (couponIds.length === 0) return uses;
  const rows = await db
    .select({
      couponId: receivedCoupons.couponId,
      issued: count(),
      used: count(receivedCoupons.usedAt),
    })
    .from(receivedCoupons)
    .where(inArray(receivedCoupons.couponId, [...couponIds]))
    .groupBy(receivedCoupons.couponId);
  for (const r of rows) uses.set(r.couponId, { issued: r.issued, used: r.used });
  return uses;
}

export async function editorCoupons(
  db: Db,
  query: { q: string; page: number; pageSize: number },
): Promise<{ rows: CouponRecord[]; total: number }> {
  let where: SQL | undefined;
  if (query.q) {
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const named = ilike(coupons.name, `%${query.q.replace(/[\\%_]/g, "\\$&")}%`);
    where = id === null ? named : or(named, eq(coupons.couponId, id));
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.couponId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function editorCoupon(db: Db | Tx, couponId: number) {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.couponId, couponId));
  if (!coupon) return null;
  const [series, items] = await Promise.all([
    db
      .select({ id: couponSeries.seriesId })
      .from(couponSeries)
      .where(eq(couponSeries.couponId, couponId))
      .orderBy(couponSeries.seriesId),
    db
      .select({ id: couponItems.itemId })
      .from(couponItems)
      .where(eq(couponItems.couponId, couponId))
      .orderBy(couponItems.itemId),
  ]);
  return { coupon, seriesIds: series.map((s) => s.id), itemIds: items.map((i) => i.id) };
}

async function writeTargets(tx: Tx, couponId: number, values: CouponValues) {
  await tx.delete(couponSeries).where(eq(couponSeries.couponId, couponId));
  await tx.delete(couponItems).where(eq(couponItems.couponId, couponId));
  if (values.couponType === 3 && values.seriesIds.length > 0) {
    await tx
      .insert(couponSeries)
      .values(values.seriesIds.map((seriesId) => ({ couponId, seriesId })));
  }
  if (values.couponType === 4 && values.itemIds.length > 0) {
    await tx.insert(couponItems).values(values.itemIds.map((itemId) => ({ couponId, itemId })));
  }
}

const row = ({ seriesIds: _s, itemIds: _i, ...values }: CouponValues) => values;

export async function insertCoupon(tx: Tx, values: CouponValues): Promise<number> {
  const [made] = await tx.insert(coupons).values(row(values)).returning({ id: coupons.couponId });
  await writeTargets(tx, made!.id, values);
  return made!.id;
}

/** Locks the coupon's row against hand-outs for the length of an edit (its stock may change). */
export async function lockCoupon(tx: Tx, couponId: number): Promise<void> {
  await tx
    .select({ id: coupons.couponId })
    .from(coupons)
    .where(eq(coupons.couponId, couponId))
    .for("update");
}

/**
 * Saves a coupon. The copies members hold and have not used follow a changed end or countdown:
 * each is usable until the earlier of the new end and its receipt plus valid_hours.
 */
export async function updateCoupon(
  tx: Tx,
  couponId: number,
  values: CouponValues,
  before: CouponRecord,
): Promise<void> {
  await tx.update(coupons).set(row(values)).where(eq(coupons.couponId, couponId));
  await writeTargets(tx, couponId, values);
  const endMoved = before.endAt.getTime() !== values.endAt.getTime();
  if (endMoved || before.validHours !== (values.validHours ?? null)) {
    await tx
      .update(receivedCoupons)
      .set({
        expiresAt: sql`least(${values.endAt.toISOString()}::timestamptz, coalesce(greatest(${receivedCoupons.receivedAt}, ${values.startAt.toISOString()}::timestamptz) + ${values.validHours ?? null}::int * interval '1 hour', ${values.endAt.toISOString()}::timestamptz))`,
      })
      .where(and(eq(receivedCoupons.couponId, couponId), sql`${receivedCoupons.usedAt} is null`));
  }
}

/**
 * The ops issue's 購入 filter as a condition on a member id: has (or has not) a paid order. A
 * refunded or cancelled order does not make a buyer. Read through orders_user_created_idx.
 */
export function paidBuyer(userId: AnyColumn, bought: boolean): SQL {
  const paid = sql`exists (select 1 from ${orders} where ${orders.userId} = ${userId} and ${orders.status} = 'paid')`;
  return bought ? paid : sql`not ${paid}`;
}

/** A condition on a member id: they hold a copy of the coupon, used or not. */
export function holdsCoupon(userId: AnyColumn, couponId: number): SQL {
  return sql`exists (select 1 from ${receivedCoupons} where ${receivedCoupons.userId} = ${userId} and ${receivedCoupons.couponId} = ${couponId})`;
}

/** The coupons a coupon campaign's page offers (coupon_type 2), newest first. */
export async function couponsOfCampaign(db: Db, campaignId: number) {
  return db
    .select({ id: coupons.couponId, name: coupons.name })
    .from(coupons)
    .where(eq(coupons.campaignId, campaignId))
    .orderBy(desc(coupons.couponId));
}
