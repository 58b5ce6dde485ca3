import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { cachePer } from "../../lib/cache";
import type { SessionMember } from "../../lib/context";
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeNoticeMail,
  emailVerifyMail,
  newsletterConfirmedMail,
  passwordChangedMail,
  passwordResetDoneMail,
  passwordResetMail,
  welcomeMail,
} from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { endLinks, issueLink, type MailLink, mailUrl, useLink } from "./mailed-links";
import { decoyHash, hashPassword, verifyPassword } from "./password";
import { inquiries, leaveReasons, secrets, sessions, type User, users } from "./schema";

export const SESSION_DAYS = 30;

/**
 * The signed unsubscribe link of every newsletter mail. Opened (GET), the page asks before
 * unsubscribing; a mail program's one-click POST there (RFC 8058) unsubscribes at once. That POST
 * comes with no cookie, so the CSRF check lets it through: the link's signature is the proof, and
 * it can only unsubscribe.
 */
export const UNSUBSCRIBE_PATH = "/unsubscribe_newsletter";
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export class AccountError extends Error {
  constructor(
    readonly code: "EMAIL_TAKEN" | "NOT_FOUND" | "WRONG_PASSWORD" | "LINK_DEAD",
    message: string,
  ) {
    super(message);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function newProfileId(): string {
  return randomBytes(9).toString("base64url");
}

export async function registerMember(
  db: Db,
  input: {
    email: string;
    password: string;
    nickname?: string | null;
    userType?: string;
    workspace?: unknown;
    /** The seed passes these so its members come out the same on every run. */
    profileId?: string;
    ctrlGroup?: number;
    signupAt?: Date;
    /**
     * Sign-up from the page sends the welcome mail, with the link that confirms the address, in
     * the same transaction; the seed does not, and its members count as confirmed.
     */
    welcome?: MailLink;
  },
): Promise<{ userId: number }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        nickname: input.nickname ?? null,
        profileId: input.profileId ?? newProfileId(),
        userType: input.userType ?? "general",
        ctrlGroup: input.ctrlGroup ?? randomInt(1, 10),
        workspace: input.workspace ?? null,
        ...(input.signupAt ? { signupAt: input.signupAt } : {}),
        emailVerifiedAt: input.welcome ? null : (input.signupAt ?? new Date()),
      })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    if (rows.length === 0)
      throw new AccountError("EMAIL_TAKEN", "このメールアドレスはすでに登録されています");
    const { userId } = rows[0]!;
    if (input.welcome) {
      const verifyUrl = await issueLink(tx, input.welcome, {
        userId,
        purpose: "email_verify",
        email,
      });
      await enqueueMail(tx, welcomeMail(email, input.nickname ?? null, verifyUrl));
    }
    return { userId };
  });
}

/** What a session carries of its member: every column but the password hash and leaving date. */
const sessionMemberColumns = {
  userId: users.userId,
  email: users.email,
  nickname: users.nickname,
  introduction: users.introduction,
  profileId: users.profileId,
  userType: users.userType,
  ctrlGroup: users.ctrlGroup,
  newsletterFlag: users.newsletterFlag,
  agreedAt: users.agreedAt,
  workspace: users.workspace,
  signupAt: users.signupAt,
  emailVerifiedAt: users.emailVerifiedAt,
};

/** Answers the member when the password matches, otherwise null, in the same time either way. */
export async function authenticate(
  db: Db,
  email: string,
  password: string,
): Promise<SessionMember | null> {
  const [row] = await db
    .select({ member: sessionMemberColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, normaliseEmail(email)), isNull(users.leftAt)));
  if (!row?.passwordHash) {
    await verifyPassword(password, await decoyHash());
    return null;
  }
  return (await verifyPassword(password, row.passwordHash)) ? row.member : null;
}

/** Support locked the account (issue 24): it may not sign in until unlocked. */
export async function isLocked(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ lockedAt: users.lockedAt })
    .from(users)
    .where(eq(users.userId, userId));
  return row?.lockedAt != null;
}

/**
 * Session tokens are stored as HMACs keyed by the session secret: a copy of the table alone
 * cannot be turned back into cookies.
 */
function hashToken(secret: string, token: string) {
  return createHmac("sha256", secret).update(token).digest("hex");
}

/** A non-secret id for a session, safe to hand to the page and to analytics. */
export function publicSessionId(token: string) {
  // The one-shot hash: a Hash object costs more than the digest on /api/status's hot path.
  return hash("sha256", `public:${token}`).slice(0, 24);
}

export async function createSession(
  db: Db,
  secret: string,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = meta.now ?? new Date();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({
    sessionHash: hashToken(secret, token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });
  return { token, expiresAt };
}

export interface ActiveSession {
  user: SessionMember;
  expiresAt: Date;
}

/**
 * The version of a member's data as it is now (decision 0038: it moves after each of their
 * changes, in every process); null when it cannot be known, and then nothing is kept.
 */
export type MemberVersionOf = (userId: number) => Promise<string | null>;

/** A session as last read from the database, under the member's version read before it. */
interface KeptSession {
  userId: number;
  /** Null: read before the member was known, so never served from memory (see findSession). */
  version: string | null;
  user: SessionMember;
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * Sessions kept in memory (decision 0080), by the hash of their token: a member's page reads
 * its session from here instead of the database while the member's version has not moved. An
 * entry is dropped on logout and unused after a minute, so what no version tells of (a row
 * changed by hand) shows within that.
 */
const SESSIONS_KEPT = 10_000;
const SESSION_KEPT_MS = 60_000;
const keptSessions = cachePer<Db, KeptSession>({
  maxEntries: SESSIONS_KEPT,
  ttlMs: SESSION_KEPT_MS,
});

async function readSession(db: Db, sessionHash: string, now: Date) {
  const [row] = await db
    .select({
      user: sessionMemberColumns,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(
      and(
        eq(sessions.sessionHash, sessionHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.leftAt),
        // Locking ends the sessions too; this keeps one opened in the same instant from living.
        isNull(users.lockedAt),
      ),
    );
  return row ?? null;
}

/**
 * The live session a token names, or null. With `versionOf` the session is kept in memory under
 * the member's version: served from there while the version is the one read before the row was,
 * so anything the member changed since (a logout, their profile, leaving; decision 0038 moves the
 * version after each, and after the mailed links' changes made without a login) is read afresh.
 * A session's member is known only once it has been read, so its first read is kept without a
 * version and its second, made under the version, is the one served from memory.
 */
export async function findSession(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
  versionOf?: MemberVersionOf,
): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const sessionHash = hashToken(secret, token);
  const kept = versionOf ? keptSessions(db) : null;
  const held = kept?.peek(sessionHash)?.value;
  const version = held && versionOf ? await versionOf(held.userId) : null;
  let session: KeptSession;
  if (held && version !== null && held.version === version && held.expiresAt > now) {
    session = held;
  } else {
    const row = await readSession(db, sessionHash, now);
    if (!row) {
      kept?.delete(sessionHash);
      return null;
    }
    session = { ...row, userId: row.user.userId, version };
    kept?.set(sessionHash, session);
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Sliding expiry: an active member stays logged in. Marked first, so the requests of the
    // same moment do not all write it.
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    session.lastSeenAt = now;
    session.expiresAt = expiresAt;
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.sessionHash, sessionHash));
  }
  return { user: session.user, expiresAt: session.expiresAt };
}

export async function revokeSession(db: Db, secret: string, token: string): Promise<void> {
  const sessionHash = hashToken(secret, token);
  keptSessions(db).delete(sessionHash);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.sessionHash, sessionHash), isNull(sessions.revokedAt)));
  // A request that read the session before the revocation and keeps it after this delete is
  // kept under the member's old version, which the logout moves.
  keptSessions(db).delete(sessionHash);
}

export async function getMember(db: Db, userId: number): Promise<SessionMember | null> {
  const [user] = await db
    .select(sessionMemberColumns)
    .from(users)
    .where(and(eq(users.userId, userId), isNull(users.leftAt)));
  return user ?? null;
}

export async function updateProfile(
  db: Db,
  userId: number,
  input: { nickname?: string | null; introduction?: string | null },
): Promise<User> {
  const [user] = await db
    .update(users)
    .set({
      ...(input.nickname !== undefined ? { nickname: input.nickname || null } : {}),
      ...(input.introduction !== undefined ? { introduction: input.introduction || null } : {}),
    })
    .where(and(eq(users.userId, userId), isNull(users.leftAt)))
    .returning();
  if (!user) throw new AccountError("NOT_FOUND", "会員情報が見つかりません");
  return user;
}

/**
 * Turning the newsletter on queues its confirmation (with the unsubscribe link) in the same
 * transaction; turning it on again while on sends nothing.
 */
export async function setNewsletter(
  db: Db,
  userId: number,
  enable: boolean,
  link?: MailLink,
): Promise<boolean> {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ newsletterFlag: enable })
      .where(and(eq(users.userId, userId), ne(users.newsletterFlag, enable), isNull(users.leftAt)))
      .returning({ email: users.email, profileId: users.profileId });
    if (enable && changed?.email && link) {
      const url = unsubscribeUrl(link.siteUrl, link.secret, changed.profileId);
      await enqueueMail(tx, newsletterConfirmedMail(changed.email, url));
    }
  });
  return enable;
}

/** The signature of a one-click unsubscribe link: HMAC of the profile id, keyed apart from sessions. */
function unsubscribeSignature(secret: string, profileId: string): string {
  return createHmac("sha256", `newsletter-unsubscribe:${secret}`)
    .update(profileId)
    .digest("base64url");
}

export function unsubscribeUrl(siteUrl: string, secret: string, profileId: string): string {
  return mailUrl(siteUrl, UNSUBSCRIBE_PATH, {
    u: profileId,
    s: unsubscribeSignature(secret, profileId),
  });
}

/**
 * Stops the newsletter of the member a signed link names, without a login, and answers that
 * member's id. Null for a link whose signature does not match (tampered or made up) or a member
 * who left.
 */
export async function unsubscribeByLink(
  db: Db,
  secret: string,
  profileId: string,
  signature: string,
): Promise<number | null> {
  const expected = Buffer.from(unsubscribeSignature(secret, profileId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [row] = await db
    .update(users)
    .set({ newsletterFlag: false })
    .where(and(eq(users.profileId, profileId), isNull(users.leftAt)))
    .returning({ userId: users.userId });
  return row?.userId ?? null;
}

/** The member whose session made a change: that session stays when the others end. */
export interface ThisSession {
  secret: string;
  token: string | null;
}

function sessionHashOf(keep: ThisSession | null): string | null {
  return keep?.token ? hashToken(keep.secret, keep.token) : null;
}

/** Ends every session of the member but those kept (all of them when none is), in `tx`. */
async function endSessions(tx: Tx, userId: number, ...keep: Array<string | null>): Promise<void> {
  const kept = keep.filter((hash): hash is string => hash !== null);
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        kept.length > 0 ? notInArray(sessions.sessionHash, kept) : undefined,
        isNull(sessions.revokedAt),
      ),
    );
}

const WRONG_PASSWORD = "現在のパスワードが正しくありません";

/**
 * Checks the current password, then runs `change` in a transaction with the member's row locked.
 * A password changed by another request between the check and the lock refuses: the checked
 * password is stale.
 */
async function withCurrentPassword<T>(
  db: Db,
  userId: number,
  currentPassword: string,
  change: (tx: Tx, email: string) => Promise<T>,
): Promise<T> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.userId, userId), isNull(users.leftAt)));
  if (!row?.passwordHash) throw new AccountError("NOT_FOUND", "会員情報が見つかりません");
  if (!(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new AccountError("WRONG_PASSWORD", WRONG_PASSWORD);
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.userId, userId), isNull(users.leftAt)))
      .for("update");
    if (!locked?.email || locked.passwordHash !== row.passwordHash) {
      throw new AccountError("WRONG_PASSWORD", WRONG_PASSWORD);
    }
    return change(tx, locked.email);
  });
}

/** Links mailed before a password or address change stop working with it. */
const SIGN_IN_LINKS = ["sign_in", "password_reset"] as const;

/**
 * A new password with the current one: every other session of the member ends (a thief logged in
 * elsewhere is logged out); the session the change was made from stays.
 */
export async function changePassword(
  db: Db,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  keep: ThisSession,
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  await withCurrentPassword(db, userId, input.currentPassword, async (tx, email) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.userId, userId));
    await endSessions(tx, userId, sessionHashOf(keep));
    await endLinks(tx, userId, SIGN_IN_LINKS);
    await enqueueMail(tx, passwordChangedMail(email));
  });
}

async function addressTaken(tx: Tx, email: string, userId: number): Promise<boolean> {
  const [taken] = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.email, email), ne(users.userId, userId)));
  return taken !== undefined;
}

const EMAIL_TAKEN = "このメールアドレスはすでに登録されています";

/**
 * Asks for a new address with the current password (decision 0051): nothing changes yet. The new
 * address is mailed a link that makes the change, the current one a notice, so a thief who knows
 * the password cannot take the account without the new mailbox, and the member hears of it.
 */
export async function requestEmailChange(
  db: Db,
  userId: number,
  input: { currentPassword: string; email: string },
  link: MailLink,
  keep: ThisSession,
): Promise<string> {
  const email = normaliseEmail(input.email);
  return withCurrentPassword(db, userId, input.currentPassword, async (tx, current) => {
    if (email === current) {
      throw new AccountError("EMAIL_TAKEN", "現在と同じメールアドレスです");
    }
    if (await addressTaken(tx, email, userId)) throw new AccountError("EMAIL_TAKEN", EMAIL_TAKEN);
    const url = await issueLink(tx, link, {
      userId,
      purpose: "email_change",
      email,
      sessionHash: sessionHashOf(keep),
    });
    await enqueueMail(tx, emailChangeConfirmMail(email, url));
    await enqueueMail(tx, emailChangeNoticeMail(current, email));
    return email;
  });
}

/** The member asks for the address confirmation again; nothing is sent once it is confirmed. */
export async function resendEmailVerification(
  db: Db,
  userId: number,
  link: MailLink,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.userId, userId), isNull(users.leftAt)))
      .for("update");
    if (!row?.email || row.verifiedAt) return false;
    const url = await issueLink(tx, link, { userId, purpose: "email_verify", email: row.email });
    await enqueueMail(tx, emailVerifyMail(row.email, url));
    return true;
  });
}

const LINK_DEAD =
  "このリンクは使用済みか、有効期限が切れています。お手数ですが、もう一度お手続きください";

/**
 * Follows an address link (decision 0051). A sign-up's link confirms the address it was mailed
 * to; a change's link makes the change, confirms the new address, ends the member's sessions but
 * the one that asked for it (and this one, when it is the member's) and their other links, and
 * tells the old address. Answers what was done and the member's address.
 */
export async function confirmEmail(
  db: Db,
  secret: string,
  token: string,
  keep: ThisSession,
  now = new Date(),
): Promise<{ userId: number; purpose: "email_change" | "email_verify"; email: string }> {
  return db.transaction(async (tx) => {
    const used = await useLink(tx, secret, token, ["email_change", "email_verify"], now);
    if (!used) throw new AccountError("LINK_DEAD", LINK_DEAD);
    const [member] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.userId, used.userId), isNull(users.leftAt)))
      .for("update");
    if (!member?.email) throw new AccountError("LINK_DEAD", LINK_DEAD);
    const purpose = used.purpose as "email_change" | "email_verify";
    if (purpose === "email_verify") {
      // An address changed since the mail was sent is not the one this link proves.
      if (member.email !== used.email) throw new AccountError("LINK_DEAD", LINK_DEAD);
      await tx
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.userId, used.userId), isNull(users.emailVerifiedAt)));
      return { userId: used.userId, purpose, email: member.email };
    }
    if (await addressTaken(tx, used.email, used.userId)) {
      throw new AccountError("EMAIL_TAKEN", EMAIL_TAKEN);
    }
    await tx
      .update(users)
      .set({ email: used.email, emailVerifiedAt: now })
      .where(eq(users.userId, used.userId));
    await endSessions(tx, used.userId, used.sessionHash, sessionHashOf(keep));
    await endLinks(tx, used.userId, [...SIGN_IN_LINKS, "email_verify"], now);
    await enqueueMail(tx, emailChangedMail(member.email, used.email));
    return { userId: used.userId, purpose, email: used.email };
  });
}

/**
 * Forgotten password, first step: mails a reset link when the address belongs to a member, and
 * nothing otherwise. The caller answers the same either way.
 */
export async function requestPasswordReset(db: Db, email: string, link: MailLink): Promise<void> {
  const address = normaliseEmail(email);
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(and(eq(users.email, address), isNull(users.leftAt)));
    if (!member) return;
    const url = await issueLink(tx, link, {
      userId: member.userId,
      purpose: "password_reset",
      email: address,
    });
    await enqueueMail(tx, passwordResetMail(address, url));
  });
}

/**
 * Forgotten password, second step: the link sets a new password once. Every session of the member
 * ends, including any the thief may hold; the address is proven; a notice is mailed.
 */
export async function resetPassword(
  db: Db,
  secret: string,
  input: { token: string; newPassword: string },
  now = new Date(),
): Promise<{ userId: number; email: string }> {
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const used = await useLink(tx, secret, input.token, ["password_reset"], now);
    if (!used) throw new AccountError("LINK_DEAD", LINK_DEAD);
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(
        and(
          eq(users.userId, used.userId),
          eq(users.email, used.email),
          isNull(users.leftAt),
          isNull(users.lockedAt),
        ),
      )
      .returning({ email: users.email });
    if (!changed?.email) throw new AccountError("LINK_DEAD", LINK_DEAD);
    await endSessions(tx, used.userId);
    await endLinks(tx, used.userId, SIGN_IN_LINKS, now);
    await enqueueMail(tx, passwordResetDoneMail(changed.email));
    return { userId: used.userId, email: changed.email };
  });
}

/**
 * Signs in by the link mailed past the login throttle: answers the member, or null for a dead
 * link or one mailed to an address the member no longer has. Opening it proves the address.
 */
export async function signInByLink(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<SessionMember | null> {
  return db.transaction(async (tx) => {
    const used = await useLink(tx, secret, token, ["sign_in"], now);
    if (!used) return null;
    const [member] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.userId, used.userId), eq(users.email, used.email), isNull(users.leftAt)))
      .returning(sessionMemberColumns);
    return member ?? null;
  });
}

export async function agreeToTerms(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ agreedAt: now }).where(eq(users.userId, userId));
}

/**
 * Leaving, with the current password (re-authentication: a borrowed session cannot do it): the
 * reason is kept without the member, the account is anonymised and every session and link ends,
 * in one transaction. Orders stay (accounting needs them) but point to an anonymous row.
 * `forgetPersonalData` lets the caller remove what other modules hold in the same transaction.
 */
export async function leave(
  db: Db,
  userId: number,
  input: { reason: number; opinion?: string | null; currentPassword: string },
  forgetPersonalData: (tx: Tx) => Promise<void> = async () => {},
): Promise<void> {
  await withCurrentPassword(db, userId, input.currentPassword, async (tx) => {
    await tx
      .update(users)
      .set({
        email: null,
        passwordHash: null,
        nickname: null,
        introduction: null,
        workspace: null,
        newsletterFlag: false,
        emailVerifiedAt: null,
        leftAt: sql`now()`,
      })
      .where(eq(users.userId, userId));
    await tx.insert(leaveReasons).values({ reason: input.reason, opinion: input.opinion || null });
    await endSessions(tx, userId);
    await endLinks(tx, userId, ["sign_in", "password_reset", "email_change", "email_verify"]);
    await forgetPersonalData(tx);
  });
}

export async function recordInquiry(
  db: Db,
  input: {
    kind: "inquiry" | "opinion" | "request";
    userId?: number | null;
    email?: string | null;
    subject?: string | null;
    body: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(inquiries)
    .values({ ...input, userId: input.userId ?? null })
    .returning({ inquiryId: inquiries.inquiryId });
  return row!.inquiryId;
}

/**
 * The key session tokens are hashed with: SESSION_SECRET when set, otherwise one generated on
 * first start and kept in the database, so every app instance on that database agrees on it.
 */
export async function loadSessionSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString("base64url");
  await db.insert(secrets).values({ name: "session", value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(secrets).where(eq(secrets.name, "session"));
  return row!.value;
}

/** The member a public profile id names (review links); null: none, or one who has left. */
export async function userIdOfProfile(db: Db, profileId: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.profileId, profileId), isNull(users.leftAt)));
  return row?.userId ?? null;
}

/** Public profile ids and nicknames of these members, for lists that link to their reviews. */
export async function publicProfiles(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, { profileId: string; nickname: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.userId, profileId: users.profileId, nickname: users.nickname })
    .from(users)
    .where(inArray(users.userId, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.userId, { profileId: r.profileId, nickname: r.nickname }]));
}

/**
 * Members named by address or id who have not left (the ops coupon issue, issue 24): the id of
 * each address found, and the ids found.
 */
export async function membersByEmailOrId(
  db: Db,
  ask: { emails: string[]; userIds: number[] },
): Promise<{ byEmail: Map<string, number>; ids: Set<number> }> {
  const emails = [...new Set(ask.emails.map(normaliseEmail))];
  const ids = [...new Set(ask.userIds)];
  const [byEmail, byId] = await Promise.all([
    emails.length === 0
      ? []
      : db
          .select({ userId: users.userId, email: users.email })
          .from(users)
          .where(and(inArray(users.email, emails), isNull(users.leftAt))),
    ids.length === 0
      ? []
      : db
          .select({ userId: users.userId })
          .from(users)
          .where(and(inArray(users.userId, ids), isNull(users.leftAt))),
  ]);
  return {
    byEmail: new Map(byEmail.map((r) => [r.email!, r.userId])),
    ids: new Set(byId.map((r) => r.userId)),
  };
}

/**
 * Which members a bulk action reaches (a coupon issued to a filter): accounts that have not left,
 * signed up in [signupFrom, signupUntil) when given, and whatever `also` asks of the member id
 * (another module's condition, e.g. having bought). Counting them and taking them in chunks read
 * the same condition, so a preview's count is what the action then reaches.
 */
export interface MemberCondition {
  signupFrom: Date | null;
  signupUntil: Date | null;
  also?: (userId: typeof users.userId) => SQL;
}

function memberConditionSql(c: MemberCondition): SQL | undefined {
  return and(
    isNull(users.leftAt),
    c.signupFrom ? sql`${users.signupAt} >= ${c.signupFrom.toISOString()}` : undefined,
    c.signupUntil ? sql`${users.signupAt} < ${c.signupUntil.toISOString()}` : undefined,
    c.also?.(users.userId),
  );
}

/** The next `limit` members after member id `after` who meet the condition, in id order. */
export async function memberIdsAfter(
  db: Db,
  ask: MemberCondition & { after: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(and(gt(users.userId, ask.after), memberConditionSql(ask)))
    .orderBy(users.userId)
    .limit(ask.limit);
  return rows.map((r) => r.userId);
}

/** How many members meet the condition (and, with `among`, also that second condition). */
export async function countMembers(
  db: Db,
  condition: MemberCondition,
  among?: (userId: typeof users.userId) => SQL,
): Promise<number> {
  return db.$count(users, and(memberConditionSql(condition), among?.(users.userId)));
}
