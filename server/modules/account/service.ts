import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { SessionMember } from "../../lib/context";
import { newsletterConfirmedMail, passwordChangedMail, welcomeMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
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
    readonly code: "EMAIL_TAKEN" | "NOT_FOUND" | "WRONG_PASSWORD",
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
    /** Sign-up from the page sends the welcome mail in the same transaction; the seed does not. */
    welcome?: boolean;
  },
): Promise<{ userId: number }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
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
      })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    if (rows.length === 0)
      throw new AccountError("EMAIL_TAKEN", "このメールアドレスはすでに登録されています");
    if (input.welcome) await enqueueMail(tx, welcomeMail(email, input.nickname ?? null));
    return rows[0]!;
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

export async function findSession(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const sessionHash = hashToken(secret, token);
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
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Sliding expiry: an active member stays logged in.
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.sessionHash, sessionHash));
    return { user: row.user, expiresAt };
  }
  return { user: row.user, expiresAt: row.expiresAt };
}

export async function revokeSession(db: Db, secret: string, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.sessionHash, hashToken(secret, token)), isNull(sessions.revokedAt)));
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
  link?: { siteUrl: string; secret: string },
): Promise<boolean> {
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
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
  const query = new URLSearchParams({ u: profileId, s: unsubscribeSignature(secret, profileId) });
  return `${siteUrl.replace(/\/$/, "")}${UNSUBSCRIBE_PATH}?${query}`;
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

/**
 * Checks the current password inside the transaction that changes the account, then ends every
 * other session of the member (a thief logged in elsewhere is logged out); the session the
 * change was made from stays.
 */
async function withCurrentPassword<T>(
  db: Db,
  userId: number,
  currentPassword: string,
  keep: { secret: string; token: string | null },
  change: (tx: Db, email: string) => Promise<T>,
): Promise<T> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.userId, userId), isNull(users.leftAt)));
  if (!row?.passwordHash) throw new AccountError("NOT_FOUND", "会員情報が見つかりません");
  if (!(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new AccountError("WRONG_PASSWORD", "現在のパスワードが正しくありません");
  }
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [locked] = await tx
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.userId, userId))
      .for("update");
    // Changed by another request between the check and the lock: the checked password is stale.
    if (!locked?.email || locked.passwordHash !== row.passwordHash) {
      throw new AccountError("WRONG_PASSWORD", "現在のパスワードが正しくありません");
    }
    const result = await change(tx, locked.email);
    const others = keep.token
      ? and(
          eq(sessions.userId, userId),
          ne(sessions.sessionHash, hashToken(keep.secret, keep.token)),
        )
      : eq(sessions.userId, userId);
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(others, isNull(sessions.revokedAt)));
    return result;
  });
}

export async function changePassword(
  db: Db,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  keep: { secret: string; token: string | null },
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  await withCurrentPassword(db, userId, input.currentPassword, keep, async (tx, email) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.userId, userId));
    await enqueueMail(tx, passwordChangedMail(email));
  });
}

export async function changeEmail(
  db: Db,
  userId: number,
  input: { currentPassword: string; email: string },
  keep: { secret: string; token: string | null },
): Promise<string> {
  const email = normaliseEmail(input.email);
  return withCurrentPassword(db, userId, input.currentPassword, keep, async (tx) => {
    const [taken] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(and(eq(users.email, email), ne(users.userId, userId)));
    if (taken) throw new AccountError("EMAIL_TAKEN", "このメールアドレスはすでに登録されています");
    await tx.update(users).set({ email }).where(eq(users.userId, userId));
    return email;
  });
}

export async function agreeToTerms(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ agreedAt: now }).where(eq(users.userId, userId));
}

/**
 * Leaving: the reason is kept without the member, the account is anonymised and every session
 * revoked, in one transaction. Orders stay (accounting needs them) but point to an anonymous row.
 * `forgetPersonalData` lets the caller remove what other modules hold in the same transaction.
 */
export async function leave(
  db: Db,
  userId: number,
  input: { reason: number; opinion?: string | null },
  forgetPersonalData: (tx: Db) => Promise<void> = async () => {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [left] = await t
      .update(users)
      .set({
        email: null,
        passwordHash: null,
        nickname: null,
        introduction: null,
        workspace: null,
        newsletterFlag: false,
        leftAt: sql`now()`,
      })
      .where(and(eq(users.userId, userId), isNull(users.leftAt)))
      .returning({ userId: users.userId });
    if (!left) throw new AccountError("NOT_FOUND", "会員情報が見つかりません");
    await t.insert(leaveReasons).values({ reason: input.reason, opinion: input.opinion || null });
    await t.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, userId));
    await forgetPersonalData(t);
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
