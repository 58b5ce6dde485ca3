import { and, asc, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { InquiryStatus } from "../../../contract/ops-inbox";
import type { Db, Tx } from "../../db/client";
import { inquiries } from "../account/schema";
import { inquiryReplyMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { inquiryEntries } from "./schema";

/**
 * The staff side of the messages (issue 24): the inbox's reads and the changes the back office's
 * inbox makes. Auditing and who may act are the caller's (member-support); these only read and
 * write the inquiry tables and queue the reply mail in the caller's transaction.
 */

export type Inquiry = typeof inquiries.$inferSelect;
export type InquiryEntry = typeof inquiryEntries.$inferSelect;

export interface InboxFilter {
  status?: InquiryStatus;
  /** A staff member's user id, or null for messages nobody is assigned. */
  assignee?: number | null;
}

function whereOf(filter: InboxFilter): SQL | undefined {
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
  const where = whereOf(filter);
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
      .where(whereOf({ assignee: filter.assignee }))
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

/** The notes and replies on one message, oldest first: the thread reads top to bottom. */
export async function entriesOf(db: Db, inquiryId: number): Promise<InquiryEntry[]> {
  return db
    .select()
    .from(inquiryEntries)
    .where(eq(inquiryEntries.inquiryId, inquiryId))
    .orderBy(asc(inquiryEntries.createdAt), asc(inquiryEntries.inquiryEntryId));
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

export async function addNote(
  tx: Tx,
  inquiryId: number,
  staffUserId: number,
  body: string,
  now = new Date(),
): Promise<number> {
  const [row] = await tx
    .insert(inquiryEntries)
    .values({ inquiryId, kind: "note", staffUserId, body, createdAt: now })
    .returning({ id: inquiryEntries.inquiryEntryId });
  return row!.id;
}

/**
 * A reply: queued to the sender's address in the caller's transaction and kept on the thread
 * with the mail's id, so the reply exists exactly when its mail does.
 */
export async function addReply(
  tx: Tx,
  inquiry: Inquiry & { email: string },
  receiptNo: string,
  staffUserId: number,
  body: string,
  now = new Date(),
): Promise<{ inquiryEntryId: number; mailId: number }> {
  const mailId = await enqueueMail(
    tx,
    inquiryReplyMail(inquiry.email, receiptNo, inquiry.subject, body),
    now,
  );
  const [row] = await tx
    .insert(inquiryEntries)
    .values({
      inquiryId: inquiry.inquiryId,
      kind: "reply",
      staffUserId,
      body,
      mailId,
      toAddress: inquiry.email,
      createdAt: now,
    })
    .returning({ id: inquiryEntries.inquiryEntryId });
  return { inquiryEntryId: row!.id, mailId };
}
