import { createHmac, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import {
  OPS_LOGIN_PAGE,
  type OpsRight,
  ROLE_LABELS,
  roleMay,
  type StaffRole,
} from "../../../contract/ops-roles";
import type { Db, Tx } from "../../db/client";
import type { SessionMember } from "../../lib/context";
import { ApiError, Conflict, NotFound } from "../../lib/errors";
import type { LimitRule, RateLimiter } from "../../rate-limit";
import { memberByEmail, memberNames } from "../account/member-lookup";
import { authenticate, getMember, isLocked, normaliseEmail } from "../account/service";
import { type AuditActor, auditedWrite } from "../audit/service";
import { staffMembers, staffRecoveryCodes, staffSessions } from "./schema";
import {
  newRecoveryCode,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  totpStep,
  totpUri,
} from "./second-factor";

/**
 * Staff session lifetimes (decision 0083). A member stays signed in for 30 days; a staff session
 * can change prices and staff rights, so it ends after 30 idle minutes and, whatever happens,
 * 8 hours (a working day) after its second factor.
 */
export const STAFF_IDLE_MINUTES = 30;
export const STAFF_SESSION_HOURS = 8;
/** Between the password and the code: long enough to set up an authenticator app. */
export const SIGN_IN_MINUTES = 10;
/** Wrong codes one sign-in may give before it must start again from the password. */
export const CODES_PER_SIGN_IN = 5;
/** Touching last_seen_at at most this often: one write a minute, not one a request. */
const TOUCH_EVERY_MS = 60_000;

export const OPS_SESSION_COOKIE = "osid";

/** Passwords tried at the ops sign-in, per address and account (decision 0050's habit). */
export const OPS_LOGIN: LimitRule = { name: "ops-login", points: 5, windowSeconds: 15 * 60 };
/** Second-factor codes tried for one staff account, every sign-in together. */
export const OPS_CODES: LimitRule = { name: "ops-code", points: 10, windowSeconds: 60 * 60 };

const MINUTE = 60_000;

export interface Staff {
  userId: number;
  email: string;
  nickname: string | null;
  role: StaffRole;
  sessionExpiresAt: Date;
}

function hashToken(secret: string, token: string): string {
  return createHmac("sha256", secret).update(`staff-session:${token}`).digest("hex");
}

const newToken = () => randomBytes(32).toString("base64url");

// ---------------------------------------------------------------- sign-in

export type SignInStart =
  | { kind: "code"; token: string; expiresAt: Date; enrol: { secret: string; uri: string } | null }
  | { kind: "wrong" }
  | { kind: "throttled"; retryAfterSeconds: number };

export interface SignInDeps {
  db: Db;
  limiter: RateLimiter;
  sessionSecret: string;
}

/**
 * The password step. A member who is not staff (or is disabled) is told the same as a wrong
 * password, so the sign-in does not reveal who works here. An account without a confirmed
 * authenticator gets a fresh secret with each sign-in until a code confirms one.
 */
export async function startSignIn(
  deps: SignInDeps,
  input: { email: string; password: string; address: string; userAgent?: string | null },
  now = new Date(),
): Promise<SignInStart> {
  const email = normaliseEmail(input.email);
  const attempt = await deps.limiter.attempt(OPS_LOGIN, `${email}|${input.address}`);
  if (!attempt.allowed) return { kind: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  const member = await authenticate(deps.db, email, input.password);
  const staff = member && (await activeStaffRow(deps.db, member.userId));
  // An account support locked before it was made staff stays out of /ops too.
  if (!member?.email || !staff || (await isLocked(deps.db, member.userId)))
    return { kind: "wrong" };
  await deps.limiter.reset(OPS_LOGIN, `${email}|${input.address}`);

  let enrol: { secret: string; uri: string } | null = null;
  if (!staff.totpEnrolledAt) {
    const secret = newTotpSecret();
    await deps.db
      .update(staffMembers)
      .set({ totpSecret: secret, totpLastStep: null })
      .where(eq(staffMembers.userId, member.userId));
    enrol = { secret, uri: totpUri(secret, member.email) };
  }
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SIGN_IN_MINUTES * MINUTE);
  await deps.db.insert(staffSessions).values({
    sessionHash: hashToken(deps.sessionSecret, token),
    userId: member.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: input.address,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
  });
  return { kind: "code", token, expiresAt, enrol };
}

export type SignInFinish =
  | { kind: "signed_in"; token: string; expiresAt: Date; recoveryCodes: string[] | null }
  | { kind: "wrong"; triesLeft: number }
  | { kind: "expired" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * The second-factor step: a TOTP code, or (once enrolled) a recovery code. Confirming the first
 * TOTP code enrols the authenticator and hands out the recovery codes, once. Success replaces
 * the sign-in's token with a new one, so a token seen before the second factor is worth nothing.
 */
export async function finishSignIn(
  deps: SignInDeps,
  signInToken: string,
  code: string,
  now = new Date(),
): Promise<SignInFinish> {
  const { db, sessionSecret } = deps;
  const sessionHash = hashToken(sessionSecret, signInToken);
  const [pending] = await db
    .select({
      userId: staffSessions.userId,
      failedCodes: staffSessions.failedCodes,
      secret: staffMembers.totpSecret,
      enrolledAt: staffMembers.totpEnrolledAt,
      lastStep: staffMembers.totpLastStep,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.userId, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.sessionHash, sessionHash),
        isNull(staffSessions.secondFactorAt),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        isNull(staffMembers.disabledAt),
      ),
    );
  if (!pending?.secret) return { kind: "expired" };
  const attempt = await deps.limiter.attempt(OPS_CODES, String(pending.userId));
  if (!attempt.allowed) return { kind: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };

  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 60 * MINUTE);
  const done = await db.transaction(async (tx) => {
    const accepted = await acceptCode(tx, sessionSecret, pending, code, now);
    if (!accepted) return null;
    let recoveryCodes: string[] | null = null;
    if (!pending.enrolledAt) {
      await tx
        .update(staffMembers)
        .set({ totpEnrolledAt: now })
        .where(eq(staffMembers.userId, pending.userId));
      recoveryCodes = await replaceRecoveryCodes(tx, sessionSecret, pending.userId, now);
    }
    await tx
      .update(staffSessions)
      .set({
        sessionHash: hashToken(sessionSecret, token),
        secondFactorAt: now,
        lastSeenAt: now,
        expiresAt,
      })
      .where(eq(staffSessions.sessionHash, sessionHash));
    return { recoveryCodes };
  });
  if (done) {
    await deps.limiter.refund(OPS_CODES, String(pending.userId));
    return { kind: "signed_in", token, expiresAt, recoveryCodes: done.recoveryCodes };
  }
  const failed = pending.failedCodes + 1;
  await db
    .update(staffSessions)
    .set({
      failedCodes: failed,
      ...(failed >= CODES_PER_SIGN_IN ? { revokedAt: now } : {}),
    })
    .where(eq(staffSessions.sessionHash, sessionHash));
  return failed >= CODES_PER_SIGN_IN
    ? { kind: "expired" }
    : { kind: "wrong", triesLeft: CODES_PER_SIGN_IN - failed };
}

/**
 * A TOTP code newer than the last one accepted, or an unused recovery code (enrolled accounts
 * only). Each is taken by one conditional update, so two requests racing with one code cannot
 * both succeed.
 */
async function acceptCode(
  tx: Tx,
  sessionSecret: string,
  pending: {
    userId: number;
    secret: string | null;
    enrolledAt: Date | null;
    lastStep: number | null;
  },
  code: string,
  now: Date,
): Promise<boolean> {
  const trimmed = code.replace(/\s/g, "");
  const step = await totpStep(pending.secret!, trimmed, pending.lastStep, now.getTime());
  if (step !== null) {
    const taken = await tx
      .update(staffMembers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffMembers.userId, pending.userId),
          or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
        ),
      )
      .returning({ userId: staffMembers.userId });
    return taken.length === 1;
  }
  if (!pending.enrolledAt) return false;
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(sessionSecret, trimmed)),
        eq(staffRecoveryCodes.userId, pending.userId),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: staffRecoveryCodes.userId });
  return used.length === 1;
}

async function replaceRecoveryCodes(
  tx: Tx,
  sessionSecret: string,
  userId: number,
  now: Date,
): Promise<string[]> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.insert(staffRecoveryCodes).values(
    codes.map((code) => ({
      codeHash: recoveryCodeHash(sessionSecret, code),
      userId,
      createdAt: now,
    })),
  );
  return codes;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  return db.$count(
    staffRecoveryCodes,
    and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)),
  );
}

// ---------------------------------------------------------------- sessions and access

async function activeStaffRow(db: Db | Tx, userId: number) {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.userId, userId), isNull(staffMembers.disabledAt)));
  return row ?? null;
}

/** The staff member of a live ops session (second factor given, neither idle nor past its end). */
export async function findStaffSession(
  db: Db,
  sessionSecret: string,
  token: string,
  now = new Date(),
): Promise<Staff | null> {
  if (!token || token.length > 200) return null;
  const sessionHash = hashToken(sessionSecret, token);
  const [row] = await db
    .select({
      userId: staffSessions.userId,
      role: staffMembers.role,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.userId, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.sessionHash, sessionHash),
        isNotNull(staffSessions.secondFactorAt),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MINUTES * MINUTE)),
        isNull(staffMembers.disabledAt),
      ),
    );
  if (!row) return null;
  const member = await getMember(db, row.userId);
  if (!member?.email) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(eq(staffSessions.sessionHash, sessionHash));
  }
  const idleEnd = new Date(now.getTime() + STAFF_IDLE_MINUTES * MINUTE);
  return {
    userId: row.userId,
    email: member.email,
    nickname: member.nickname,
    role: row.role,
    sessionExpiresAt: idleEnd < row.expiresAt ? idleEnd : row.expiresAt,
  };
}

export async function endStaffSession(db: Db, sessionSecret: string, token: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffSessions.sessionHash, hashToken(sessionSecret, token)),
        isNull(staffSessions.revokedAt),
      ),
    );
}

/** Who is asking for an ops page or call. */
export type OpsAccess =
  | { kind: "staff"; staff: Staff }
  /** Nobody signed in to /ops, or a staff member who has not signed in to /ops yet. */
  | { kind: "signed_out" }
  /** A member of the store who is no (active) staff member. */
  | { kind: "member" };

export async function opsAccess(
  db: Db,
  sessionSecret: string,
  request: { opsToken: string | null | undefined; member: SessionMember | null },
): Promise<OpsAccess> {
  const staff = request.opsToken
    ? await findStaffSession(db, sessionSecret, request.opsToken)
    : null;
  if (staff) return { kind: "staff", staff };
  if (request.member && !(await activeStaffRow(db, request.member.userId))) {
    return { kind: "member" };
  }
  return { kind: "signed_out" };
}

export const OPS_SIGN_IN_MESSAGE = "運営画面にログインしてください";
export const OPS_STAFF_ONLY_MESSAGE = "この画面は運営スタッフ専用です";

/**
 * The one check of every ops page and call: someone not signed in to /ops is a 401 sent to the
 * ops sign-in page, a member who is not staff a 403, a staff member whose role lacks the right a
 * 403 naming the role.
 */
export function requireRight(access: OpsAccess, right: OpsRight): Staff {
  if (access.kind === "signed_out") {
    throw new ApiError(401, OPS_SIGN_IN_MESSAGE, { error_url: OPS_LOGIN_PAGE });
  }
  if (access.kind === "member") throw new ApiError(403, OPS_STAFF_ONLY_MESSAGE);
  if (!roleMay(access.staff.role, right)) {
    throw new ApiError(403, `この操作は${ROLE_LABELS[access.staff.role]}の権限ではできません`);
  }
  return access.staff;
}

// ---------------------------------------------------------------- staff accounts (admin)

export interface StaffListing {
  userId: number;
  email: string | null;
  nickname: string | null;
  role: StaffRole;
  enrolled: boolean;
  disabled: boolean;
  createdAt: Date;
}

export async function listStaff(db: Db): Promise<StaffListing[]> {
  const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.userId));
  const names = await memberNames(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => ({
    userId: row.userId,
    email: names.get(row.userId)?.email ?? null,
    nickname: names.get(row.userId)?.nickname ?? null,
    role: row.role,
    enrolled: row.totpEnrolledAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt,
  }));
}

/** Staff members as the audit log's "who" filter lists them, by user id. */
export async function staffNames(db: Db): Promise<Array<{ userId: number; email: string | null }>> {
  return (await listStaff(db)).map(({ userId, email }) => ({ userId, email }));
}

/** What an audit row keeps of a staff account: never its secret or codes. */
function staffFacts(row: {
  role: StaffRole;
  disabledAt: Date | null;
  totpEnrolledAt: Date | null;
}) {
  return {
    role: row.role,
    disabled: row.disabledAt !== null,
    second_factor: row.totpEnrolledAt !== null,
  };
}

const actorOf = (staff: Staff): AuditActor => ({
  userId: staff.userId,
  email: staff.email,
  role: staff.role,
});

async function lockedStaff(tx: Tx, userId: number) {
  const [row] = await tx
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId))
    .for("update");
  if (!row) throw new NotFound("スタッフが見つかりません");
  return row;
}

function notSelf(actor: Staff, userId: number, what: string) {
  // An admin never locks themselves out: another admin must do it.
  if (actor.userId === userId) throw new Conflict(`ご自身の${what}は変更できません`);
}

/** Makes a member account a staff member; they enrol their authenticator at first sign-in. */
export async function addStaff(
  db: Db,
  actor: Staff,
  input: { email: string; role: StaffRole },
): Promise<StaffListing> {
  const member = await memberByEmail(db, input.email);
  if (!member) {
    throw new NotFound(
      "このメールアドレスの会員が見つかりません。先に会員登録を済ませてもらってください",
    );
  }
  return auditedWrite(db, actorOf(actor), async (tx) => {
    const [row] = await tx
      .insert(staffMembers)
      .values({ userId: member.userId, role: input.role })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Conflict("この会員はすでにスタッフです");
    return {
      action: "create",
      entity: "staff_member",
      entityId: row.userId,
      before: null,
      after: { email: member.email, ...staffFacts(row) },
      result: {
        userId: row.userId,
        email: member.email,
        nickname: member.nickname,
        role: row.role,
        enrolled: false,
        disabled: false,
        createdAt: row.createdAt,
      },
    };
  });
}

export async function setStaffRole(
  db: Db,
  actor: Staff,
  userId: number,
  role: StaffRole,
): Promise<void> {
  notSelf(actor, userId, "権限");
  await auditedWrite(db, actorOf(actor), async (tx) => {
    const before = await lockedStaff(tx, userId);
    const [after] = await tx
      .update(staffMembers)
      .set({ role })
      .where(eq(staffMembers.userId, userId))
      .returning();
    return {
      action: "role",
      entity: "staff_member",
      entityId: userId,
      before: staffFacts(before),
      after: staffFacts(after!),
      result: undefined,
    };
  });
}

/** Disabling ends the staff member's ops sessions in the same transaction. */
export async function setStaffDisabled(
  db: Db,
  actor: Staff,
  userId: number,
  disabled: boolean,
): Promise<void> {
  notSelf(actor, userId, "アカウントの状態");
  await auditedWrite(db, actorOf(actor), async (tx) => {
    const before = await lockedStaff(tx, userId);
    const now = new Date();
    const [after] = await tx
      .update(staffMembers)
      .set({ disabledAt: disabled ? (before.disabledAt ?? now) : null })
      .where(eq(staffMembers.userId, userId))
      .returning();
    if (disabled) await revokeSessionsOf(tx, userId, now);
    return {
      action: disabled ? "disable" : "enable",
      entity: "staff_member",
      entityId: userId,
      before: staffFacts(before),
      after: staffFacts(after!),
      result: undefined,
    };
  });
}

/**
 * For a lost phone: the authenticator, its recovery codes and the member's ops sessions go; the
 * next sign-in enrols a new authenticator.
 */
export async function resetSecondFactor(db: Db, actor: Staff, userId: number): Promise<void> {
  notSelf(actor, userId, "二段階認証");
  await auditedWrite(db, actorOf(actor), async (tx) => {
    const before = await lockedStaff(tx, userId);
    const now = new Date();
    const [after] = await tx
      .update(staffMembers)
      .set({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null })
      .where(eq(staffMembers.userId, userId))
      .returning();
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await revokeSessionsOf(tx, userId, now);
    return {
      action: "reset_second_factor",
      entity: "staff_member",
      entityId: userId,
      before: staffFacts(before),
      after: staffFacts(after!),
      result: undefined,
    };
  });
}

async function revokeSessionsOf(tx: Tx, userId: number, now: Date) {
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)));
}

/** The seed's staff (decision 0083): a role for a member, outside /ops, so not audited. */
export async function grantStaffRoleAtSeed(db: Db, userId: number, role: StaffRole) {
  await db
    .insert(staffMembers)
    .values({ userId, role })
    .onConflictDoUpdate({ target: staffMembers.userId, set: { role } });
}

/** How many staff members hold each role, for the ops home. */
export async function staffCounts(db: Db): Promise<Record<StaffRole, number>> {
  const rows = await db
    .select({ role: staffMembers.role, n: count() })
    .from(staffMembers)
    .where(isNull(staffMembers.disabledAt))
    .groupBy(staffMembers.role);
  const counts: Record<StaffRole, number> = { admin: 0, editor: 0, support: 0 };
  for (const row of rows) counts[row.role] = row.n;
  return counts;
}

/**
 * Whether the member is on the staff, disabled or not: member support leaves staff accounts to
 * staff management (issue 24), so support cannot lock out an administrator.
 */
export async function isStaffAccount(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return row !== undefined;
}
