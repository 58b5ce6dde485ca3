import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { InquiryStatus } from "../../../contract/ops-inbox";
import type { Db, Tx } from "../../db/client";
import { inquiries, sessions, users } from "./schema";
import { normaliseEmail } from "./service";

/**
 * What the back office's member support reads and changes of an account (issue 24). The page
 * that puts a member together is the member-support module's; these are account's own tables.
 */

export interface SupportMemberRow {
  userId: number;
  email: string | null;
  nickname: string | null;
  signupAt: Date;
  lockedAt: Date | null;
  leftAt: Date | null;
}

const rowColumns = {
  userId: users.userId,
  email: users.email,
  nickname: users.nickname,
  signupAt: users.signupAt,
  lockedAt: users.lockedAt,
  leftAt: users.leftAt,
};

/** LIKE's own characters in a search word match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type MemberFilter =
  | { kind: "newest" }
  | { kind: "ids"; userIds: number[] }
  /** An address: members whose address starts with it (a pasted full address matches itself). */
  | { kind: "email"; text: string }
  /** A nickname, or the start of an address. */
  | { kind: "name"; text: string };

function whereOf(filter: MemberFilter): SQL | undefined {
  switch (filter.kind) {
    case "newest":
      return isNull(users.leftAt);
    case "ids":
      return filter.userIds.length > 0 ? inArray(users.userId, filter.userIds) : sql`false`;
    case "email":
      return sql`${users.email} like ${`${likeLiteral(normaliseEmail(filter.text))}%`}`;
    case "name":
      return or(
        ilike(users.nickname, `%${likeLiteral(filter.text)}%`),
        sql`${users.email} like ${`${likeLiteral(filter.text.toLowerCase())}%`}`,
      );
  }
}

/** One page of members matching the filter, newest sign-up first, and how many match. */
export async function findMembers(
  db: Db,
  filter: MemberFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: SupportMemberRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.signupAt), desc(users.userId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The account as support sees it: left members too, since their orders stay. */
export async function supportAccount(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({
      userId: users.userId,
      email: users.email,
      nickname: users.nickname,
      profileId: users.profileId,
      userType: users.userType,
      signupAt: users.signupAt,
      emailVerifiedAt: users.emailVerifiedAt,
      newsletterFlag: users.newsletterFlag,
      leftAt: users.leftAt,
      lockedAt: users.lockedAt,
    })
    .from(users)
    .where(eq(users.userId, userId));
  return row ?? null;
}

/** The member's live sessions (not ended, not expired), most recently used first. */
export async function liveSessions(db: Db | Tx, userId: number, now: Date) {
  return db
    .select({
      sessionHash: sessions.sessionHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now}`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/**
 * Ends every session of the member, in the caller's transaction; answers how many were live. The
 * caller moves the member's version after commit, so a session kept in memory is read again.
 */
export async function endAllSessions(tx: Tx, userId: number): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ expiresAt: sessions.expiresAt });
  const now = Date.now();
  return ended.filter((s) => s.expiresAt.getTime() > now).length;
}

/**
 * Locks or unlocks the account; answers the lock time before and after, or null when the member
 * does not exist. Locking ends the member's sessions in the same transaction.
 */
export async function setLocked(
  tx: Tx,
  userId: number,
  locked: boolean,
): Promise<{ before: Date | null; after: Date | null; sessionsEnded: number } | null> {
  const [current] = await tx
    .select({ lockedAt: users.lockedAt })
    .from(users)
    .where(eq(users.userId, userId))
    .for("update");
  if (!current) return null;
  const [row] = await tx
    .update(users)
    .set({ lockedAt: locked ? (current.lockedAt ?? sql`now()`) : null })
    .where(eq(users.userId, userId))
    .returning({ lockedAt: users.lockedAt });
  const sessionsEnded = locked ? await endAllSessions(tx, userId) : 0;
  return { before: current.lockedAt, after: row?.lockedAt ?? null, sessionsEnded };
}

/** Messages the member sent through the store's forms, newest first. */
export async function inquiriesOf(db: Db, userId: number, limit: number) {
  return db
    .select()
    .from(inquiries)
    .where(eq(inquiries.userId, userId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.inquiryId))
    .limit(limit);
}

// ------------------------------------------------ the inquiries inbox (/ops/inquiries)

export type Inquiry = typeof inquiries.$inferSelect;

export interface InboxFilter {
  status?: InquiryStatus;
  /** A staff member's user id, or null for messages nobody is assigned. */
  assignee?: number | null;
}

function inboxWhere(filter: InboxFilter): SQL | undefined {
  return and(
    filter.status ? eq(inquiries.status, filter.status) : undefined,
    filter.assignee === undefined
      ? undefined
      : filter.assignee === null
        ? isNull(inquiries.assigneeUserId)
        : eq(inquiries.assigneeUserId, filter.assignee),
  );
}

/** One page of the inbox, newest first, with the count of each status under the same assignee. */
export async function inboxPage(
  db: Db,
  filter: InboxFilter,
  paging: { limit: number; offset: number },
) {
  const where = inboxWhere(filter);
  const [rows, [counted], perStatus] = await Promise.all([
    db
      .select()
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.inquiryId))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(inquiries).where(where),
    db
      .select({ status: inquiries.status, n: count() })
      .from(inquiries)
      .where(inboxWhere({ assignee: filter.assignee }))
      .groupBy(inquiries.status),
  ]);
  return { rows, total: counted?.n ?? 0, perStatus };
}

/** One message; `lock` holds its row so two staff members' changes run one after another. */
export async function inquiryById(
  db: Db | Tx,
  inquiryId: number,
  lock = false,
): Promise<Inquiry | null> {
  const query = db.select().from(inquiries).where(eq(inquiries.inquiryId, inquiryId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function setInquiry(
  tx: Tx,
  inquiryId: number,
  change: { status?: InquiryStatus; assigneeUserId?: number | null },
  now = new Date(),
): Promise<Inquiry> {
  const [row] = await tx
    .update(inquiries)
    .set({ ...change, updatedAt: now })
    .where(eq(inquiries.inquiryId, inquiryId))
    .returning();
  return row!;
}
