import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    userId: integer("user_id").primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased; null once the member has left (the address is released for re-use). */
    email: text("email"),
    passwordHash: text("password_hash"),
    nickname: text("nickname"),
    introduction: text("introduction"),
    /** Public id used in review links (/review/user/{profileId}); never the numeric user id. */
    profileId: text("profile_id").notNull(),
    userType: text("user_type").notNull().default("general"),
    /** 1–9; picks one of three title texts (spec 001 §9 "Random control groups"). */
    ctrlGroup: smallint("ctrl_group").notNull(),
    newsletterFlag: boolean("newsletter_flag").notNull().default(false),
    agreedAt: timestamp("agreed_at", { withTimezone: true }),
    /** Staff workspace shown in the drawer and debug layout: { name, color, detail, add_list }. */
    workspace: jsonb("workspace"),
    signupAt: timestamp("signup_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the member opened a link mailed to this address; null: not confirmed yet. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    leftAt: timestamp("left_at", { withTimezone: true }),
    /**
     * Set by support (issue 24): a locked member cannot sign in and their sessions end. Kept
     * apart from left_at, since a locked account keeps its address and comes back on unlock.
     */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email).where(sql`${t.email} is not null`),
    uniqueIndex("users_profile_id_key").on(t.profileId),
    // The ops dashboard counts new members per day over a range of days.
    index("users_signup_idx").on(t.signupAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie value, so a leaked table cannot be replayed as cookies. */
    sessionHash: text("session_hash").primaryKey(),
    userId: integer("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Why members left; kept without the user id so it outlives the account. */
export const leaveReasons = pgTable("leave_reasons", {
  leaveReasonId: integer("leave_reason_id").primaryKey().generatedByDefaultAsIdentity(),
  reason: smallint("reason").notNull(),
  opinion: text("opinion"),
  leftAt: timestamp("left_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages sent from /inquiry, /opinion and /request. Staff work them in /ops/inquiries (issue
 * 24): the status and the staff member it is assigned to live here, the thread of notes and
 * replies in the inquiry module's inquiry_entries.
 */
export const inquiries = pgTable(
  "inquiries",
  {
    inquiryId: integer("inquiry_id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    userId: integer("user_id"),
    email: text("email"),
    subject: text("subject"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** new (新規), in_progress (対応中), answered (回答済み). */
    status: text("status").notNull().default("new"),
    /** The staff member's account (user id) working the message; null: nobody yet. */
    assigneeUserId: integer("assignee_user_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inquiries_status_created_idx").on(t.status, t.createdAt.desc()),
    index("inquiries_assignee_idx").on(t.assigneeUserId),
    index("inquiries_user_id_idx").on(t.userId),
    check("inquiries_status_check", sql`${t.status} in ('new', 'in_progress', 'answered')`),
  ],
);

export type User = typeof users.$inferSelect;

/** Installation-wide secrets generated on first start (see loadSessionSecret). */
export const secrets = pgTable("secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What a mailed single-use link does when it is followed (decision 0051). */
export type MailedLinkPurpose = "sign_in" | "password_reset" | "email_change" | "email_verify";

/**
 * Single-use links mailed to a member: sign in past the login throttle, reset a forgotten
 * password, confirm a new or changed address. Only an HMAC of the link's token is kept, as with
 * sessions; a link is used by one conditional update, so it works once.
 */
export const mailedLinks = pgTable(
  "mailed_links",
  {
    linkHash: text("link_hash").primaryKey(),
    userId: integer("user_id").notNull(),
    purpose: text("purpose").$type<MailedLinkPurpose>().notNull(),
    /** The address it was mailed to: for an address change, the new address. */
    email: text("email").notNull(),
    /** The session that asked for an address change: it stays when the change ends the others. */
    sessionHash: text("session_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Followed, or replaced by a newer link of the same purpose. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("mailed_links_user_purpose_idx").on(t.userId, t.purpose)],
);
