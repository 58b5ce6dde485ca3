import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  ACCOUNT_LOCKED_MESSAGE,
  emailChangePayload,
  leavePayload,
  linkTokenPayload,
  loginPayload,
  newsletterPayload,
  oneClickPayload,
  passwordChangePayload,
  passwordResetPayload,
  passwordResetRequestPayload,
  profilePayload,
  signupPayload,
  unsubscribePayload,
} from "../../../contract/account";
import type { UserStatus } from "../../../contract/status";
import type { Db, Tx } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError, Conflict, failure } from "../../lib/errors";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { publicOrigin } from "../../lib/public-origin";
import { issueCsrfToken, setSessionCookie } from "../../lib/session-cookies";
import { refuseStoreNames } from "../../lib/store-names";
import { throttle, tooManyAttempts } from "../../lib/throttle";
import type { MailLink } from "./mailed-links";
import {
  AccountError,
  agreeToTerms,
  changePassword,
  confirmEmail,
  createSession,
  leave,
  normaliseEmail,
  registerMember,
  requestEmailChange,
  requestPasswordReset,
  resendEmailVerification,
  resetPassword,
  revokeSession,
  setNewsletter,
  signInByLink,
  UNSUBSCRIBE_PATH,
  unsubscribeByLink,
  updateProfile,
} from "./service";
import { LOGIN_TO_ACCOUNT, signIn } from "./sign-in";
import {
  LINK_TRIES_FROM_ADDRESS,
  PASSWORD_CHECKS,
  RESETS_FROM_ADDRESS,
  RESETS_TO_ACCOUNT,
  SIGNUPS_FROM_ADDRESS,
  VERIFY_MAILS,
} from "./throttles";

async function startSession(c: Context<AppEnv>, services: AppServices, userId: number) {
  const { token, expiresAt } = await createSession(services.db, services.sessionSecret, userId, {
    ip: c.get("clientAddress"),
    userAgent: c.req.header("user-agent"),
  });
  setSessionCookie(c, token, expiresAt);
  issueCsrfToken(c);
}

/** Absolute links in mail point at the store's configured address, never the request's Host. */
function mailLink(_c: Context<AppEnv>, services: AppServices): MailLink {
  return { siteUrl: publicOrigin(services.env), secret: services.sessionSecret };
}

/** The member's own session stays when they change their password or address; others end. */
function thisSession(c: Context<AppEnv>, services: AppServices) {
  return { secret: services.sessionSecret, token: c.get("sessionToken") };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

function accountFailure(error: unknown): never {
  if (error instanceof AccountError) {
    if (error.code === "EMAIL_TAKEN") throw new Conflict(error.message, { field: "email" });
    if (error.code === "WRONG_PASSWORD") {
      throw new ApiError(400, error.message, { field: "current_password" });
    }
    if (error.code === "LINK_DEAD") throw new ApiError(400, error.message, { field: "token" });
  }
  if (isUniqueViolation(error)) {
    throw new Conflict("このメールアドレスはすでに登録されています", { field: "email" });
  }
  throw error;
}

function endSession(c: Context<AppEnv>) {
  setSessionCookie(c, "", null);
  issueCsrfToken(c);
}

const LOGIN_THROTTLED = "ログインの失敗が続いたため、しばらく時間をおいてからお試しください";
/** The same words whether the password was right or wrong (decision 0050). */
const SIGN_IN_LINK_STEP =
  "ログインの試行が続いているため、このアカウントを保護しています。パスワードが正しい場合は、ご登録のメールアドレスにログイン用のリンクをお送りしました。メールのリンクからログインしてください。";
const PASSWORD_CHECKS_THROTTLED =
  "パスワードの確認に続けて失敗したため、しばらく時間をおいてからお試しください";
const TOO_MANY = "お手続きが続いたため、しばらく時間をおいてからお試しください";

/**
 * The page answers account's calls include, assembled in server/pages/ (which builds on the
 * modules, so a module cannot import it): the router registry hands them in.
 */
export interface AccountPages {
  userStatus(db: Db, userId: number | null): Promise<UserStatus>;
}

/**
 * What joining and leaving do in other modules, which sit above account (decision 0079): the
 * sign-up coupons commerce grants, and what a leaving member's data becomes module by module
 * (server/pages/leave.ts). The router registry hands them in.
 */
export interface JoiningAndLeaving {
  grantSignupCoupons(db: Db, userId: number, now: Date): Promise<unknown>;
  forgetMemberPersonalData(tx: Tx, userId: number): Promise<void>;
}

export function accountRoutes(
  services: AppServices,
  { userStatus, grantSignupCoupons, forgetMemberPersonalData }: AccountPages & JoiningAndLeaving,
) {
  const { db, limiter } = services;
  const routes = new Hono<AppEnv>();

  /**
   * A call that checks the member's password: counted before the check, given back when it
   * passes, so wrong guesses run out after PASSWORD_CHECKS.
   */
  const checkingPassword = async <T>(
    c: Context<AppEnv>,
    userId: number,
    work: () => Promise<T>,
  ): Promise<T> => {
    await throttle(c, limiter, PASSWORD_CHECKS, String(userId), PASSWORD_CHECKS_THROTTLED);
    const result = await work().catch(accountFailure);
    await limiter.refund(PASSWORD_CHECKS, String(userId));
    return result;
  };

  routes.post("/signup", async (c) => {
    const input = await readJson(c, signupPayload);
    await throttle(c, limiter, SIGNUPS_FROM_ADDRESS, c.get("clientAddress"), TOO_MANY);
    try {
      const link = mailLink(c, services);
      const { userId } = await registerMember(db, {
        email: input.email,
        password: input.password,
        nickname: input.nickname || null,
        welcome: link,
      });
      if (input.newsletter) await setNewsletter(db, userId, true, link);
      await agreeToTerms(db, userId);
      // The countdown bar advertises the sign-up coupon from the first page the member sees.
      await grantSignupCoupons(db, userId, new Date());
      await startSession(c, services, userId);
      return c.json({ result: true, user: await userStatus(db, userId) });
    } catch (error) {
      accountFailure(error);
    }
  });

  routes.post("/login", async (c) => {
    const input = await readJson(c, loginPayload);
    const result = await signIn(
      { db, limiter, link: mailLink(c, services), logger: c.get("log") },
      { ...input, address: c.get("clientAddress") },
    );
    if (result.kind === "throttled") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      throw new ApiError(429, LOGIN_THROTTLED);
    }
    if (result.kind === "mail_step") {
      return c.json({ result: false, error_message: SIGN_IN_LINK_STEP, sign_in_link: true }, 401);
    }
    if (result.kind === "wrong") {
      throw new ApiError(401, "メールアドレスまたはパスワードが正しくありません");
    }
    if (result.kind === "locked") throw new ApiError(403, ACCOUNT_LOCKED_MESSAGE);
    await startSession(c, services, result.member.userId);
    return c.json({ result: true, user: await userStatus(db, result.member.userId) });
  });

  // The mailed sign-in link's page posts its token here.
  routes.post("/login/link", async (c) => {
    const { token } = await readJson(c, linkTokenPayload);
    await throttle(c, limiter, LINK_TRIES_FROM_ADDRESS, c.get("clientAddress"), TOO_MANY);
    const member = await signInByLink(db, services.sessionSecret, token);
    if (!member) {
      throw new ApiError(
        400,
        "このログイン用リンクは使用済みか、有効期限が切れています。もう一度ログインしてください",
        { field: "token" },
      );
    }
    await startSession(c, services, member.userId);
    return c.json({ result: true, user: await userStatus(db, member.userId) });
  });

  routes.post("/logout", async (c) => {
    const token = c.get("sessionToken");
    if (token) await revokeSession(db, services.sessionSecret, token);
    endSession(c);
    return c.json({ result: true, user: await userStatus(db, null) });
  });

  routes.post("/password", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, passwordChangePayload);
    await checkingPassword(c, member.userId, () =>
      changePassword(
        db,
        member.userId,
        { currentPassword: input.current_password, newPassword: input.new_password },
        thisSession(c, services),
      ),
    );
    return c.json({ result: true });
  });

  // Asks for the change; the link mailed to the new address makes it (decision 0051).
  routes.post("/email", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, emailChangePayload);
    const pending = await checkingPassword(c, member.userId, () =>
      requestEmailChange(
        db,
        member.userId,
        { currentPassword: input.current_password, email: input.email },
        mailLink(c, services),
        thisSession(c, services),
      ),
    );
    return c.json({ result: true, email: member.email ?? "", pending_email: pending });
  });

  // The address link's page posts its token here: a sign-up's confirmation or a change.
  routes.post("/email/confirm", async (c) => {
    const { token } = await readJson(c, linkTokenPayload);
    await throttle(c, limiter, LINK_TRIES_FROM_ADDRESS, c.get("clientAddress"), TOO_MANY);
    const done = await confirmEmail(
      db,
      services.sessionSecret,
      token,
      thisSession(c, services),
    ).catch(accountFailure);
    await services.memberKept.changed(done.userId);
    return c.json({ result: true, purpose: done.purpose, email: done.email });
  });

  routes.post("/email/verify", async (c) => {
    const member = requireMember(c);
    await readJson(c, z.object({}));
    await throttle(c, limiter, VERIFY_MAILS, String(member.userId), TOO_MANY);
    const sent = await resendEmailVerification(db, member.userId, mailLink(c, services));
    return c.json({ result: true, sent });
  });

  // Forgotten password: the same answer whether or not the address is a member's.
  routes.post("/password_reset", async (c) => {
    const input = await readJson(c, passwordResetRequestPayload);
    await throttle(c, limiter, RESETS_FROM_ADDRESS, c.get("clientAddress"), TOO_MANY);
    const toAccount = await limiter.attempt(RESETS_TO_ACCOUNT, normaliseEmail(input.email));
    if (!toAccount.allowed) tooManyAttempts(c, toAccount, TOO_MANY);
    // Queued after the answer, so its time does not tell a member's address from another.
    const link = mailLink(c, services);
    void requestPasswordReset(db, input.email, link).catch((error) =>
      c.get("log").error("password reset mail not queued", { error }),
    );
    return c.json({ result: true });
  });

  routes.post("/password_reset/confirm", async (c) => {
    const input = await readJson(c, passwordResetPayload);
    await throttle(c, limiter, LINK_TRIES_FROM_ADDRESS, c.get("clientAddress"), TOO_MANY);
    const done = await resetPassword(db, services.sessionSecret, {
      token: input.token,
      newPassword: input.new_password,
    }).catch(accountFailure);
    // The mailbox is proven: the account's login throttle starts afresh for the new password.
    await limiter.reset(LOGIN_TO_ACCOUNT, done.email);
    await services.memberKept.changed(done.userId);
    if (c.get("member")?.userId === done.userId) endSession(c);
    return c.json({ result: true });
  });

  routes.post("/leave", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, leavePayload);
    await checkingPassword(c, member.userId, () =>
      leave(
        db,
        member.userId,
        { reason: input.reason, opinion: input.opinion, currentPassword: input.current_password },
        (tx) => forgetMemberPersonalData(tx, member.userId),
      ),
    );
    endSession(c);
    return c.json({ result: true, user: await userStatus(db, null) });
  });

  return routes;
}

/** /api/profile, /api/newsletter and /api/agree sit beside /api/account in the spec's paths. */
export function memberSettingsRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/profile", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, profilePayload);
    refuseStoreNames(member.userType, { nickname: input.nickname });
    const user = await updateProfile(db, member.userId, input);
    return c.json({
      result: true,
      nickname: user.nickname ?? "",
      introduction: user.introduction ?? "",
    });
  });

  routes.post("/newsletter", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, newsletterPayload);
    const enable = await setNewsletter(db, member.userId, input.enable, mailLink(c, services));
    return c.json({ result: true, enable });
  });

  // The link in every newsletter mail: works without a login, refuses a changed signature.
  routes.post("/newsletter/unsubscribe", async (c) => {
    const input = await readJson(c, unsubscribePayload);
    const userId = await unsubscribeByLink(db, services.sessionSecret, input.u, input.s);
    if (userId === null) {
      throw new ApiError(
        403,
        "配信停止のリンクが正しくありません。メールのリンクをもう一度お確かめください",
      );
    }
    // The link works without a login: the member whose newsletter stopped is told here.
    await services.memberKept.changed(userId);
    return c.json({ result: true });
  });

  routes.post("/agree", async (c) => {
    const member = requireMember(c);
    await readJson(c, z.object({}));
    await agreeToTerms(db, member.userId);
    return c.json({ result: true });
  });

  return routes;
}

/**
 * RFC 8058 one-click unsubscribe: the mail program posts `List-Unsubscribe=One-Click` (a form
 * body) to the signed address of the List-Unsubscribe header, without cookies or a login. A GET
 * of the same address is the page, which asks first; a POST without that body changes nothing.
 */
export function newsletterOneClickRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  routes.post(UNSUBSCRIBE_PATH, async (c) => {
    const link = unsubscribePayload.safeParse(c.req.query());
    const form = await c.req.parseBody().catch(() => ({}));
    const click = oneClickPayload.safeParse(form);
    if (!link.success || !click.success) {
      return failure(c, 400, (link.error ?? click.error)!.issues[0]!.message);
    }
    const { u, s } = link.data;
    const userId = await unsubscribeByLink(services.db, services.sessionSecret, u, s);
    if (userId === null) {
      return failure(
        c,
        403,
        "配信停止のリンクが正しくありません。メールのリンクをもう一度お確かめください",
      );
    }
    await services.memberKept.changed(userId);
    return c.json({ result: true });
  });
  return routes;
}
