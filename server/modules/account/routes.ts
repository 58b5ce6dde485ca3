import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  leavePayload,
  loginPayload,
  newsletterPayload,
  profilePayload,
  signupPayload,
} from "../../../contract/account";
import type { UserStatus } from "../../../contract/status";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError, Conflict } from "../../lib/errors";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { issueCsrfToken, setSessionCookie } from "../../lib/session-cookies";
import { grantSignupCoupons } from "../commerce/coupons";
import { forgetMemberPersonalData } from "./forget-personal-data";
import {
  AccountError,
  agreeToTerms,
  authenticate,
  createSession,
  leave,
  normaliseEmail,
  registerMember,
  revokeSession,
  setNewsletter,
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
      });
      if (input.newsletter) await setNewsletter(db, userId, true);
      await agreeToTerms(db, userId);
      // The countdown bar advertises the sign-up coupon from the first page the member sees.
      await grantSignupCoupons(db, userId, new Date());
      await startSession(c, services, userId);
      return c.json({ result: true, user: await userStatus(db, userId) });
    } catch (error) {
      if (error instanceof AccountError && error.code === "EMAIL_TAKEN") {
        throw new Conflict(error.message, { field: "email" });
      }
      throw error;
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
    return c.json({ result: true, enable: await setNewsletter(db, member.userId, input.enable) });
  });

  routes.post("/agree", async (c) => {
    const member = requireMember(c);
    await readJson(c, z.object({}));
    await agreeToTerms(db, member.userId);
    return c.json({ result: true });
  });

  return routes;
}
