import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { IssueFilterAnswer, UnreadLine } from "../../../contract/ops-coupons-rules";
import { coupons } from "../commerce/schema";

/**
 * One issue of a coupon to members from /ops (issue 24): a list (one transaction, with its audit
 * row) or a filter (a job, one transaction and audit row per chunk of members, resuming after
 * `cursor`). request_id is the form's: a double click or a retry finds this row and is answered
 * with it, and the member×coupon key of received_coupons issues nothing twice anyway.
 */
export const couponIssues = pgTable(
  "coupon_issues",
  {
    issueId: integer("issue_id").primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.couponId),
    requestId: text("request_id").notNull(),
    kind: text("kind").$type<"members" | "filter">().notNull(),
    state: text("state").$type<"queued" | "running" | "done" | "failed">().notNull(),
    filter: jsonb("filter").$type<IssueFilterAnswer>(),
    matched: integer("matched").notNull().default(0),
    issued: integer("issued").notNull().default(0),
    alreadyHeld: integer("already_held").notNull().default(0),
    overStock: integer("over_stock").notNull().default(0),
    unknown: jsonb("unknown").$type<UnreadLine[]>().notNull().default([]),
    /** The last member id a filter's chunks reached. */
    cursor: integer("cursor").notNull().default(0),
    staffUserId: integer("staff_user_id").notNull(),
    staffEmail: text("staff_email").notNull(),
    staffRole: text("staff_role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("coupon_issues_request_key").on(t.requestId),
    index("coupon_issues_coupon_idx").on(t.couponId, t.issueId),
  ],
);

export type CouponIssue = typeof couponIssues.$inferSelect;
