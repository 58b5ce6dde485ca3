import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One creation asked by an /ops campaign form (decision 0105): the form's request_id and what it
 * made. Written in the creation's transaction, so a double click or a retry finds the row (or
 * waits on the key until the first commits) and is answered with that campaign, not a second one.
 */
export const campaignCreateRequests = pgTable("campaign_create_requests", {
  requestId: text("request_id").primaryKey(),
  /** "campaign" or "refund_campaign": which table entity_id names. */
  entity: text("entity").$type<"campaign" | "refund_campaign">().notNull(),
  entityId: integer("entity_id").notNull(),
  staffUserId: integer("staff_user_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
