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
