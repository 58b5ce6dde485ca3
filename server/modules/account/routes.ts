import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  emailChangePayload,
  leavePayload,
  loginPayload,
  newsletterPayload,
  oneClickPayload,
  passwordChangePayload,
  profilePayload,
  signupPayload,
  unsubscribePayload,
} from "../../../contract/account";
import type { UserStatus } from "../../../contract/status";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError, Conflict, failure } from "../../lib/errors";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { publicOrigin } from "../../lib/public-origin";
import { issueCsrfToken, setSessionCookie } from "../../lib/session-cookies";
import { grantSignupCoupons } from "../commerce/coupons";
import { forgetMemberPersonalData } from "./forget-personal-data";
import {
  AccountError,
  agreeToTerms,
  authenticate,
  changeEmail,
  changePassword,
  createSession,
  leave,
  normaliseEmail,
  registerMember,
  revokeSession,
  setNewsletter,
  UNSUBSCRIBE_PATH,
  unsubscribeByLink,
  updateProfile,
} from "./service";

/** Failed logins allowed for one account from one address before it is told to wait. */
export const LOGIN_FAILURE_LIMIT = 5;
/** Failed logins allowed from one address across all accounts (password spraying). */
export const LOGIN_FAILURE_LIMIT_PER_ADDRESS = 30;
export const LOGIN_LOCK_SECONDS = 15 * 60;

async function startSession(c: Context<AppEnv>, services: AppServices, userId: number) {
  const { token, expiresAt } = await createSession(services.db, services.sessionSecret, userId, {
    ip: c.get("clientAddress"),
    userAgent: c.req.header("user-agent"),
  });
  setSessionCookie(c, token, expiresAt);
  issueCsrfToken(c);
}

/** Absolute links in mail point at the store's configured address, never the request's Host. */
function mailLink(_c: Context<AppEnv>, services: AppServices) {
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

/**
 * The page answers account's calls include, assembled in server/pages/ (which builds on the
 * modules, so a module cannot import it): the router registry hands them in.
 */
export interface AccountPages {
  userStatus(db: Db, userId: number | null): Promise<UserStatus>;
}

export function accountRoutes(services: AppServices, { userStatus }: AccountPages) {
  const { db, limiter } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/signup", async (c) => {
    const input = await readJson(c, signupPayload);
    try {
      const { userId } = await registerMember(db, {
        email: input.email,
        password: input.password,
        nickname: input.nickname || null,
        welcome: true,
      });
      if (input.newsletter) await setNewsletter(db, userId, true, mailLink(c, services));
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
    const address = c.get("clientAddress");
    const accountKey = `login:${normaliseEmail(input.email)}:${address}`;
    const addressKey = `login-addr:${address}`;
    if (
      (await limiter.count(accountKey)) >= LOGIN_FAILURE_LIMIT ||
      (await limiter.count(addressKey)) >= LOGIN_FAILURE_LIMIT_PER_ADDRESS
    ) {
      c.header("Retry-After", String(LOGIN_LOCK_SECONDS));
      throw new ApiError(429, "ログインの失敗が続いたため、しばらく時間をおいてからお試しください");
    }
    const user = await authenticate(db, input.email, input.password);
    if (!user) {
      await limiter.hit(accountKey, LOGIN_LOCK_SECONDS);
      await limiter.hit(addressKey, LOGIN_LOCK_SECONDS);
      throw new ApiError(401, "メールアドレスまたはパスワードが正しくありません");
    }
    await limiter.reset(accountKey);
    await startSession(c, services, user.userId);
    return c.json({ result: true, user: await userStatus(db, user.userId) });
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
    await changePassword(
      db,
      member.userId,
      { currentPassword: input.current_password, newPassword: input.new_password },
      thisSession(c, services),
    ).catch(accountFailure);
    return c.json({ result: true });
  });

  routes.post("/email", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, emailChangePayload);
    const email = await changeEmail(
      db,
      member.userId,
      { currentPassword: input.current_password, email: input.email },
      thisSession(c, services),
    ).catch(accountFailure);
    return c.json({ result: true, email });
  });

  routes.post("/leave", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, leavePayload);
    await leave(db, member.userId, input, (tx) => forgetMemberPersonalData(tx, member.userId));
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
