import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every write made in /ops: who, when, what (entity and id) and the values before and after.
 * Append-only: migration 0010 adds triggers that refuse UPDATE and DELETE, so no code path, not
 * even a mistaken one, can change history (decision 0084). Rows are written only by
 * auditedWrite, in the transaction of the write they describe.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    auditId: bigint("audit_id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The transaction's time: the write and its row share it. */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer("actor_user_id").notNull(),
    /** As it was when the write was made, so the row still says who after an address change. */
    actorEmail: text("actor_email").notNull(),
    actorRole: text("actor_role").notNull(),
    /** What was done, in the entity's words: "create", "role", "disable", … */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** null when the entity did not exist before (create) or no longer exists after (delete). */
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorUserId, t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
  ],
);
