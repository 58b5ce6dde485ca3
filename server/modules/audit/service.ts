import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { AuditQuery } from "../../../contract/ops";
import { AUDIT_PAGE_SIZE, type AuditEntity } from "../../../contract/ops-roles";
import { tokyoInstant } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import { auditLog } from "./schema";

/** Who made an ops write, as the audit row keeps it. */
export interface AuditActor {
  userId: number;
  email: string;
  role: string;
}

/** What one write changed: its entity and id, and the entity's values before and after. */
export interface AuditedChange<T> {
  action: string;
  entity: AuditEntity;
  entityId: string | number;
  /** null: the entity did not exist before. */
  before: unknown;
  /** null: the entity no longer exists after. */
  after: unknown;
  /** What the caller gets back. */
  result: T;
}

/** Records one change's audit row inside the caller's transaction. */
export type AuditRecorder = (change: Omit<AuditedChange<unknown>, "result">) => Promise<void>;

/**
 * Several writes and their audit rows in one transaction (a bulk import): `write` records each
 * change as it makes it; anything thrown undoes every write and every row recorded so far.
 */
export async function auditedWrites<T>(
  db: Db,
  actor: AuditActor,
  write: (tx: Tx, record: AuditRecorder) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const record: AuditRecorder = async (change) => {
      await tx.insert(auditLog).values({
        actorUserId: actor.userId,
        actorEmail: actor.email,
        actorRole: actor.role,
        action: change.action,
        entity: change.entity,
        entityId: String(change.entityId),
        before: change.before ?? null,
        after: change.after ?? null,
      });
    };
    return write(tx, record);
  });
}

/**
 * The one way an ops write is made (decision 0084): `write` runs inside a transaction and says
 * what it changed, and the audit row is inserted in that same transaction. A write that throws
 * leaves no row; a row that cannot be written undoes the write. So the log and the data never
 * disagree, and every future ops screen gets its audit trail by calling this.
 */
export async function auditedWrite<T>(
  db: Db,
  actor: AuditActor,
  write: (tx: Tx) => Promise<AuditedChange<T>>,
): Promise<T> {
  return auditedWrites(db, actor, async (tx, record) => {
    const change = await write(tx);
    await record(change);
    return change.result;
  });
}

export interface AuditRow {
  auditId: number;
  at: Date;
  actorUserId: number;
  actorEmail: string;
  actorRole: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Midnight in Tokyo starting the day YYYY-MM-DD, `addDays` later. */
function tokyoMidnight(isoDate: string, addDays = 0): Date {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return tokyoInstant(y, m, d + addDays);
}

/** One page of the log, newest first, filtered by who, what kind of entity and Tokyo dates. */
export async function listAudit(
  db: Db,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; total: number; page: number; pageSize: number }> {
  const where: SQL[] = [];
  if (query.actor) where.push(eq(auditLog.actorUserId, query.actor));
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.from) where.push(gte(auditLog.at, tokyoMidnight(query.from)));
  // "to" is a whole Tokyo day: everything before the next day's midnight.
  if (query.to) where.push(lt(auditLog.at, tokyoMidnight(query.to, 1)));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.auditId))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: total?.n ?? 0, page: query.page, pageSize: AUDIT_PAGE_SIZE };
}
