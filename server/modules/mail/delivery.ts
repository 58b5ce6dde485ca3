import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { every } from "../../lib/every";
import type { Logger } from "../../logger";
import { type OutboxRow, outbox } from "./schema";

/** After this many failed attempts a message is given up (failed_at) and left for staff. */
export const MAX_ATTEMPTS = 8;
/** A claim older than this is taken to belong to a worker that died mid-send. */
export const CLAIM_LEASE_MS = 5 * 60_000;
export const DELIVERY_POLL_MS = 5_000;

/** Wait before attempt n+1: 30 s, 1 min, 2 min … capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

export interface RawMail {
  mailId: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Fixed per outbox row, so a receiver can tell a repeated delivery from a new message. */
  messageId: string;
  headers: Record<string, string>;
}

/** Where a claimed message goes: an SMTP server, or a .eml file for the developer. */
export type MailTransport = (mail: RawMail) => Promise<void>;

function toNodemailer(mail: RawMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers,
  };
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transporter.sendMail(toNodemailer(mail));
  };
}

/**
 * Without SMTP_URL each message becomes DATA_DIR/mail/{id}-{kind}.eml, which any mail program
 * opens. The name is the outbox id, so a repeated attempt overwrites rather than duplicates.
 */
export function emlFileTransport(mailDir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return async (mail) => {
    const info = await composer.sendMail(toNodemailer(mail));
    await mkdir(mailDir, { recursive: true });
    await writeFile(path.join(mailDir, `${mail.mailId}.eml`), info.message as Buffer);
  };
}

/**
 * Takes the oldest due message for this worker. The row is locked with SKIP LOCKED and marked
 * claimed in one statement, so two workers never take the same row.
 */
export async function claimNextMail(db: Db, now: Date): Promise<OutboxRow | null> {
  const leaseEnd = new Date(now.getTime() - CLAIM_LEASE_MS);
  const claimed = await db.execute(sql`
    update ${outbox} set claimed_at = ${now.toISOString()}, attempts = attempts + 1
    where mail_id = (
      select mail_id from ${outbox}
      where sent_at is null and failed_at is null and next_attempt_at <= ${now.toISOString()}
        and (claimed_at is null or claimed_at < ${leaseEnd.toISOString()})
      order by mail_id
      limit 1
      for update skip locked
    )
    returning mail_id`);
  const id = (claimed.rows[0] as { mail_id: number } | undefined)?.mail_id;
  if (id === undefined) return null;
  const [row] = await db.select().from(outbox).where(eq(outbox.mailId, id));
  return row ?? null;
}

export interface DeliveryOptions {
  transport: MailTransport;
  from: string;
  now?: () => Date;
}

/** Sends every due message once; answers how many were sent and how many failed this pass. */
export async function deliverDueMail(
  db: Db,
  { transport, from, now = () => new Date() }: DeliveryOptions,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const row = await claimNextMail(db, now());
    if (!row) return { sent, failed };
    const claim = and(eq(outbox.mailId, row.mailId), eq(outbox.claimedAt, row.claimedAt!));
    try {
      await transport({
        mailId: row.mailId,
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.body,
        messageId: `<outbox-${row.mailId}-${row.createdAt.getTime()}@komaya.example>`,
        headers: { ...row.headers, "X-Komaya-Mail": row.kind },
      });
      await db.update(outbox).set({ sentAt: now(), claimedAt: null, lastError: null }).where(claim);
      sent++;
    } catch (error) {
      failed++;
      const givenUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          claimedAt: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
          ...(givenUp ? { failedAt: now() } : {}),
        })
        .where(claim);
    }
  }
}

/** Polls the outbox while the server runs; answers a stop function. */
export function startMailDelivery(
  db: Db,
  logger: Logger,
  options: DeliveryOptions,
  intervalMs = DELIVERY_POLL_MS,
): () => void {
  return every("mail delivery", intervalMs, logger, async () => {
    const result = await deliverDueMail(db, options);
    if (result.sent > 0 || result.failed > 0) logger.info("mail delivered", result);
  });
}
