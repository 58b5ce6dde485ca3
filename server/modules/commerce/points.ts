import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { Conflict } from "../../lib/errors";
import { type PointReason, pointEntries } from "./schema";

// The ledger's shape is described on point_entries (schema.ts): grants are lots, spends and
// give-backs are entries against a lot and carry its expiry, so the balance is a plain sum of
// unexpired entries. Every function here that writes takes the transaction it runs in.

/** Why points are granted; each shows as its own line in the point history. */
export type PointEarnReason = Extract<
  PointReason,
  | "purchase"
  | "campaign"
  | "stamp"
  | "present"
  | "refund"
  | "signup"
  | "lottery"
  | "review"
  /** Granted by support in the back office, with the reason as the line's description. */
  | "adjust"
>;

const unexpired = (now: Date) =>
  or(isNull(pointEntries.expiresAt), gt(pointEntries.expiresAt, now));

/**
 * Locks the member's unexpired lots for the rest of the transaction (select … for update, in id
 * order so two checkouts never lock crosswise) and answers the balance read after the lock. A
 * second checkout of the same member waits here until the first commits, then reads its spends.
 * Locks taken by callers: points first, then the coupon (lockCouponForUse), never the other way.
 */
export async function lockPoints(tx: Tx, userId: number, now: Date): Promise<number> {
  await tx
    .select({ id: pointEntries.pointEntryId })
    .from(pointEntries)
    .where(
      and(
        eq(pointEntries.userId, userId),
        isNull(pointEntries.lotId),
        gt(pointEntries.delta, 0),
        unexpired(now),
      ),
    )
    .orderBy(asc(pointEntries.pointEntryId))
    .for("update");
  return balanceOf(tx, userId, now);
}

async function balanceOf(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string | null>`sum(${pointEntries.delta})` })
    .from(pointEntries)
    .where(and(eq(pointEntries.userId, userId), unexpired(now)));
  return Math.max(0, Number(row?.balance ?? 0));
}

interface Lot {
  lotId: number;
  expiresAt: Date | null;
  remaining: number;
}

/**
 * The expiry of a lot, read from the grant itself: what an entry against the lot carries. A
 * timestamp read into JavaScript keeps only milliseconds, while a grant written by SQL
 * (now() + interval) has microseconds, so copying the read value would make entries that miss
 * their lot's expiry.
 */
function expiryOfLot(lotId: number) {
  return sql<Date | null>`(select lot.expires_at from point_entries lot where lot.point_entry_id = ${lotId})`;
}

/**
 * What is left of each unexpired lot, soonest expiry first (never-expiring lots last): every
 * entry counts against its lot by the lot's id, whatever expiry it carries.
 */
async function openLots(db: Db, userId: number, now: Date): Promise<Lot[]> {
  const rows = await db.execute(sql`
    select lot.point_entry_id as lot_id, lot.expires_at, sum(e.delta)::int as remaining
    from point_entries e
    join point_entries lot on lot.point_entry_id = coalesce(e.lot_id, e.point_entry_id)
    where e.user_id = ${userId} and (lot.expires_at is null or lot.expires_at > ${now})
    group by lot.point_entry_id, lot.expires_at
    having sum(e.delta) > 0
    order by lot.expires_at asc nulls last, lot.point_entry_id`);
  return (
    rows.rows as Array<{ lot_id: number; expires_at: Date | string | null; remaining: number }>
  ).map((r) => ({
    lotId: Number(r.lot_id),
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    remaining: Number(r.remaining),
  }));
}

/**
 * Spends points for an order, drawing the soonest-expiring lots first. Locks the member's points
 * itself (harmless when the caller already did). Short of points it throws Conflict and writes
 * nothing, so the balance never goes below 0.
 */
export async function spendPoints(
  tx: Tx,
  input: { userId: number; point: number; orderId: number; now: Date; description?: string },
): Promise<void> {
  const { userId, point, orderId, now } = input;
  if (!Number.isSafeInteger(point) || point < 0) throw new RangeError(`bad point ${point}`);
  if (point === 0) return;
  const balance = await lockPoints(tx, userId, now);
  if (balance < point) {
    throw new Conflict(`ポイントが不足しています（保有${balance}ポイント）`, {
      field: "point",
    });
  }
  let left = point;
  const rows: Array<PgInsertValue<typeof pointEntries>> = [];
  for (const lot of await openLots(tx, userId, now)) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    left -= take;
    rows.push({
      userId,
      delta: -take,
      reason: "use",
      lotId: lot.lotId,
      orderId,
      expiresAt: expiryOfLot(lot.lotId),
      description: input.description ?? null,
      createdAt: now,
    });
  }
  await tx.insert(pointEntries).values(rows);
}

/** Grants points as a new lot. expiresAt null means they never expire. Answers the lot id. */
export async function earnPoints(
  tx: Tx,
  input: {
    userId: number;
    point: number;
    reason: PointEarnReason;
    expiresAt: Date | null;
    now: Date;
    orderId?: number | null;
    description?: string | null;
  },
): Promise<number> {
  if (!Number.isSafeInteger(input.point) || input.point <= 0) {
    throw new RangeError(`bad point ${input.point}`);
  }
  const [row] = await tx
    .insert(pointEntries)
    .values({
      userId: input.userId,
      delta: input.point,
      reason: input.reason,
      lotId: null,
      orderId: input.orderId ?? null,
      expiresAt: input.expiresAt,
      description: input.description ?? null,
      createdAt: input.now,
    })
    .returning({ id: pointEntries.pointEntryId });
  return row!.id;
}

/** Days purchase points stay usable. */
export const PURCHASE_POINT_DAYS = 365;

export function daysLater(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/**
 * An order is cancelled: the points it spent go back to the lots they came from (with those
 * lots' expiry), and the points it earned are taken back as far as they are unspent. Runs once:
 * a second call finds the give-back already written and changes nothing. Answers the points
 * given back.
 */
export async function cancelOrderPoints(
  tx: Tx,
  input: { userId: number; orderId: number; now: Date },
): Promise<number> {
  const { userId, orderId, now } = input;
  await lockPoints(tx, userId, now);
  const entries = await tx
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.userId, userId), eq(pointEntries.orderId, orderId)));
  if (entries.some((e) => e.reason === "cancel")) return 0;
  const spends = entries.filter((e) => e.reason === "use");
  const earned = entries.filter((e) => e.lotId === null && e.delta > 0);
  const rows: Array<PgInsertValue<typeof pointEntries>> = spends.map((e) => ({
    userId,
    delta: -e.delta,
    reason: "cancel",
    lotId: e.lotId,
    orderId,
    expiresAt: e.lotId === null ? e.expiresAt : expiryOfLot(e.lotId),
    description: e.description,
    createdAt: now,
  }));
  for (const lot of earned) {
    const [left] = await tx
      .select({ remaining: sql<string>`sum(${pointEntries.delta})` })
      .from(pointEntries)
      .where(
        sql`coalesce(${pointEntries.lotId}, ${pointEntries.pointEntryId}) = ${lot.pointEntryId}`,
      );
    const remaining = Number(left?.remaining ?? 0);
    if (remaining > 0 && (!lot.expiresAt || lot.expiresAt > now)) {
      rows.push({
        userId,
        delta: -remaining,
        reason: "cancel",
        lotId: lot.pointEntryId,
        orderId,
        expiresAt: expiryOfLot(lot.pointEntryId),
        description: lot.description,
        createdAt: now,
      });
    }
  }
  if (rows.length > 0) await tx.insert(pointEntries).values(rows);
  return spends.reduce((total, e) => total - e.delta, 0);
}

/**
 * Writes one 'expire' entry for each lot that reached its expiry with points left, so the history
 * shows what ran out and when. The balance never counted those points after expiry anyway; the
 * unique index point_entries_expire_once makes a second run (or a second process) write nothing.
 * Answers the member of each lot it closed, so what is kept for them can be dropped.
 */
export async function expirePoints(db: Db, now: Date): Promise<number[]> {
  const result = await db.execute(sql`
    insert into point_entries (user_id, delta, reason, lot_id, expires_at, description, created_at)
    select lot.user_id, -left_over.remaining, 'expire', lot.point_entry_id, lot.expires_at,
           lot.description, lot.expires_at
    from point_entries lot
    cross join lateral (
      select sum(e.delta)::int as remaining from point_entries e
      where e.lot_id = lot.point_entry_id or e.point_entry_id = lot.point_entry_id
    ) left_over
    where lot.lot_id is null and lot.delta > 0 and lot.expires_at <= ${now}
      and not exists (
        select 1 from point_entries done
        where done.lot_id = lot.point_entry_id and done.reason = 'expire'
      )
      and left_over.remaining > 0
    on conflict (lot_id) where reason = 'expire' do nothing
    returning user_id`);
  return result.rows.map((row) => Number((row as { user_id: number }).user_id));
}

/** Lots running out within the window, soonest first: the point page's 失効予定. */
export async function expiringSoon(
  db: Db,
  userId: number,
  now: Date,
  withinDays: number,
): Promise<Array<{ point: number; expiresAt: Date }>> {
  const lots = await openLots(db, userId, now);
  const until = daysLater(now, withinDays);
  return lots
    .filter((l): l is Lot & { expiresAt: Date } => l.expiresAt !== null && l.expiresAt <= until)
    .map((l) => ({ point: l.remaining, expiresAt: l.expiresAt }));
}

export interface PointHistoryRow {
  at: Date;
  reason: PointReason;
  point: number;
  expiresAt: Date | null;
  description: string | null;
  orderId: number | null;
}

/**
 * The member's point history, newest first: each grant and each expiry is a line; the entries
 * one spend or one cancellation wrote against several lots are one line per order.
 */
export async function pointHistory(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: PointHistoryRow[]; hit: number }> {
  const line = sql`case when ${pointEntries.reason} in ('use', 'cancel') then 0 else ${pointEntries.pointEntryId} end`;
  const grouped = db
    .select({
      at: sql<Date>`${pointEntries.createdAt}`.as("at"),
      reason: sql<PointReason>`${pointEntries.reason}`.as("reason"),
      point: sql<string>`sum(${pointEntries.delta})`.as("point"),
      expiresAt: sql<Date | null>`min(${pointEntries.expiresAt})`.as("expires_at"),
      description: sql<string | null>`max(${pointEntries.description})`.as("description"),
      orderId: sql<number | null>`${pointEntries.orderId}`.as("order_id"),
      line: sql<number>`${line}`.as("line"),
    })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId))
    .groupBy(pointEntries.createdAt, pointEntries.reason, pointEntries.orderId, line)
    .as("grouped");
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(grouped)
      .orderBy(sql`${grouped.at} desc`, sql`${grouped.line} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ hit: sql<string>`count(*)` }).from(grouped),
  ]);
  return {
    hit: Number(total?.hit ?? 0),
    rows: rows.map((r) => ({
      at: new Date(r.at),
      reason: r.reason,
      point: Number(r.point),
      expiresAt: r.expiresAt === null ? null : new Date(r.expiresAt),
      description: r.description,
      orderId: r.orderId === null ? null : Number(r.orderId),
    })),
  };
}

/**
 * A refunded order line (decision 0096): up to `point` of the points the order spent go back to
 * the lots they came from, with those lots' expiry, as a cancellation gives them back; what
 * earlier refunds of the same order gave back is not given twice. Answers the points given back.
 */
export async function giveBackSpentPoints(
  tx: Tx,
  input: { userId: number; orderId: number; point: number; now: Date; description: string },
): Promise<number> {
  const { userId, orderId, now } = input;
  if (input.point <= 0) return 0;
  await lockPoints(tx, userId, now);
  const entries = await tx
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.userId, userId), eq(pointEntries.orderId, orderId)));
  const open = new Map<number, number>();
  for (const e of entries) {
    if (e.lotId === null) continue;
    if (e.reason === "use") open.set(e.lotId, (open.get(e.lotId) ?? 0) - e.delta);
    if (e.reason === "cancel" && e.delta > 0) open.set(e.lotId, (open.get(e.lotId) ?? 0) - e.delta);
  }
  let left = input.point;
  const rows: Array<PgInsertValue<typeof pointEntries>> = [];
  for (const [lotId, spent] of [...open].sort((a, b) => a[0] - b[0])) {
    if (left === 0) break;
    const back = Math.min(spent, left);
    if (back <= 0) continue;
    left -= back;
    rows.push({
      userId,
      delta: back,
      reason: "cancel",
      lotId,
      orderId,
      expiresAt: expiryOfLot(lotId),
      description: input.description,
      createdAt: now,
    });
  }
  if (rows.length > 0) await tx.insert(pointEntries).values(rows);
  return input.point - left;
}

/**
 * A refunded order line: up to `point` of the points the order earned are taken back, as far as
 * they are unspent and unexpired (points already spent stay spent). Answers the points taken.
 */
export async function takeBackEarnedPoints(
  tx: Tx,
  input: { userId: number; orderId: number; point: number; now: Date; description: string },
): Promise<number> {
  const { userId, orderId, now } = input;
  if (input.point <= 0) return 0;
  await lockPoints(tx, userId, now);
  const lots = await tx
    .select()
    .from(pointEntries)
    .where(
      and(
        eq(pointEntries.userId, userId),
        eq(pointEntries.orderId, orderId),
        isNull(pointEntries.lotId),
        gt(pointEntries.delta, 0),
        unexpired(now),
      ),
    )
    .orderBy(asc(pointEntries.pointEntryId));
  let left = input.point;
  const rows: Array<PgInsertValue<typeof pointEntries>> = [];
  for (const lot of lots) {
    if (left === 0) break;
    const [remaining] = await tx
      .select({ n: sql<string>`sum(${pointEntries.delta})` })
      .from(pointEntries)
      .where(
        sql`coalesce(${pointEntries.lotId}, ${pointEntries.pointEntryId}) = ${lot.pointEntryId}`,
      );
    const take = Math.min(Number(remaining?.n ?? 0), left);
    if (take <= 0) continue;
    left -= take;
    rows.push({
      userId,
      delta: -take,
      reason: "cancel",
      lotId: lot.pointEntryId,
      orderId,
      expiresAt: expiryOfLot(lot.pointEntryId),
      description: input.description,
      createdAt: now,
    });
  }
  if (rows.length > 0) await tx.insert(pointEntries).values(rows);
  return input.point - left;
}
