import { integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A genre's home under edit (issue 24, decision 0100): the whole section list of its /home
 * (pagetype 1) as the editor holds it, items included, in the payload shape of
 * contract/ops-home.ts. The store reads only home_layouts; publishing writes this list there and
 * drops the row, so a draft is never half live.
 */
export const homeLayoutDrafts = pgTable("home_layout_drafts", {
  genre: smallint("genre").primaryKey(),
  sections: jsonb("sections").notNull(),
  /** The staff member who saved it last (staff ids are member ids). */
  updatedBy: integer("updated_by").notNull(),
  updatedByEmail: text("updated_by_email").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type HomeLayoutDraft = typeof homeLayoutDrafts.$inferSelect;
