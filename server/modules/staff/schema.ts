import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { StaffRole } from "../../../contract/ops-roles";
import { users } from "../account/schema";

/**
 * Who works in /ops and in which role (decision 0083). A staff member is a member account (their
 * address and password are the account's) given a role here; the second factor is theirs alone.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.userId),
    role: text("role").$type<StaffRole>().notNull(),
    /** Base32 TOTP secret; set at the password step until enrolment is confirmed by a code. */
    totpSecret: text("totp_secret"),
    totpEnrolledAt: timestamp("totp_enrolled_at", { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Disabled staff cannot sign in to /ops; their ops sessions end at once. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [check("staff_members_role_check", sql`${t.role} in ('admin', 'editor', 'support')`)],
);

/** Single-use recovery codes, kept as HMACs like session tokens (decision 0083). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffMembers.userId, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.userId)],
);

/**
 * Ops sessions, apart from the store's: a row is first a sign-in waiting for its second factor
 * (secondFactorAt null, a few minutes to live), then a staff session with a short idle and
 * absolute lifetime. Only an HMAC of the cookie is kept.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    sessionHash: text("session_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffMembers.userId, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end; the idle end is lastSeenAt plus the idle lifetime. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Wrong codes given to this sign-in: past the limit it is revoked. */
    failedCodes: smallint("failed_codes").notNull().default(0),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId)],
);
