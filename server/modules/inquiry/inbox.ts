import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { Inquiry } from "../account/member-support";
import { inquiryReplyMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { inquiryEntries } from "./schema";

/**
 * The staff side of a message's thread (issue 24): internal notes and mailed replies. The message
 * itself (status, assignee) is account's (account/member-support); auditing and who may act are
 * the caller's (member-support). A reply's mail is queued in the caller's transaction.
 */

export type InquiryEntry = typeof inquiryEntries.$inferSelect;

/** The notes and replies on one message, oldest first: the thread reads top to bottom. */
export async function entriesOf(db: Db, inquiryId: number): Promise<InquiryEntry[]> {
  return db
    .select()
    .from(inquiryEntries)
    .where(eq(inquiryEntries.inquiryId, inquiryId))
    .orderBy(asc(inquiryEntries.createdAt), asc(inquiryEntries.inquiryEntryId));
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
