import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Form tokens already used (see sendMessage): a repeated token within the window is answered
 * with the first message's receipt instead of storing the message again. Rows older than the
 * window are deleted as new messages arrive.
 */
export const inquiryNonces = pgTable(
  "inquiry_nonces",
  {
    /** The browser's visitor id and the form's token, so tokens of different browsers never meet. */
    nonceKey: text("nonce_key").primaryKey(),
    /** Null only while the first message is being stored in the same transaction. */
    inquiryId: integer("inquiry_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inquiry_nonces_created_at_idx").on(t.createdAt)],
);

/**
 * The staff side of a message's thread (issue 24): internal notes, which the sender never sees,
 * and replies, each mailed to the sender through the outbox (mail_id names the queued mail).
 */
export const inquiryEntries = pgTable(
  "inquiry_entries",
  {
    inquiryEntryId: integer("inquiry_entry_id").primaryKey().generatedByDefaultAsIdentity(),
    inquiryId: integer("inquiry_id").notNull(),
    /** note: staff only; reply: mailed to the sender. */
    kind: text("kind").notNull(),
    staffUserId: integer("staff_user_id").notNull(),
    body: text("body").notNull(),
    mailId: integer("mail_id"),
    toAddress: text("to_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inquiry_entries_inquiry_idx").on(t.inquiryId, t.createdAt)],
);
