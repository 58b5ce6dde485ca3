import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { MailDraft, MailKind } from "./messages";
import { type OutboxRow, outbox } from "./schema";

/**
 * Queues a message. Pass the transaction of the mail's cause: the mail exists exactly when the
 * cause committed.
 */
export async function enqueueMail(tx: Tx, mail: MailDraft, now = new Date()): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      headers: mail.headers ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ mailId: outbox.mailId });
  return row!.mailId;
}

/**
 * Mails that carry a single-use link: staff never read their body (the link signs in or changes
 * the account) and never send them again (the link is used or expired; the member asks anew).
 */
const LINK_MAILS: ReadonlySet<string> = new Set<MailKind>([
  "welcome",
  "sign_in_link",
  "password_reset",
  "email_verify",
  "email_change_confirm",
]);

export function mailCarriesLink(kind: string): boolean {
  return LINK_MAILS.has(kind);
}

/** Mails queued for one address, newest first (the back office's member page, issue 24). */
export async function mailsTo(db: Db, address: string, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, address))
    .orderBy(desc(outbox.createdAt), desc(outbox.mailId))
    .limit(limit);
}

/** One mail queued for this address; null when the id names a mail to anyone else. */
export async function mailTo(db: Db | Tx, mailId: number, address: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.mailId, mailId), eq(outbox.toAddress, address)));
  return row ?? null;
}

/** Queues a copy of a mail, as new: the delivery worker sends it like any other. */
export async function queueCopy(tx: Tx, mail: OutboxRow, now = new Date()): Promise<number> {
  return enqueueMail(
    tx,
    {
      kind: mail.kind as MailKind,
      to: mail.toAddress,
      subject: mail.subject,
      body: mail.body,
      headers: mail.headers ?? undefined,
    },
    now,
  );
}
