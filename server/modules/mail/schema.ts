import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Mail waiting to go out. A row is written in the same transaction as its cause (a sign-up, an
 * order, a password change), so a rolled-back cause sends nothing and a committed one is never
 * forgotten; the delivery worker claims rows one at a time and marks them sent.
 */
export const outbox = pgTable(
  "outbox",
  {
    mailId: integer("mail_id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Extra headers the message carries, e.g. a newsletter's List-Unsubscribe (RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Earliest time the next attempt may run; pushed back after each failure. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint("attempts").notNull().default(0),
    /** Set while a worker holds the row; a claim older than the lease is taken over. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Given up after MAX_ATTEMPTS; kept for staff to look at. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    // A member's page in the back office lists the mails sent to their address (issue 24).
    index("outbox_to_address_idx").on(t.toAddress, t.createdAt.desc()),
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`sent_at is null and failed_at is null`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
