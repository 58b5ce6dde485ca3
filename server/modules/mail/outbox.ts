import type { Tx } from "../../db/client";
import type { MailDraft } from "./messages";
import { outbox } from "./schema";

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
