import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv, AppServices } from "../../lib/context";
import { findSession } from "../../modules/account/service";
import { failure } from "../api-error";

export const SESSION_COOKIE = "sid";
export const CSRF_COOKIE = "ct";
export const VISITOR_COOKIE = "vid";
const token = /^[A-Za-z0-9_-]{16,64}$/;

export function isSecureRequest(
  url: string,
  forwardedProto: string | undefined,
  trustProxy: boolean,
) {
  if (trustProxy && forwardedProto) return forwardedProto.split(",")[0]!.trim() === "https";
  return url.startsWith("https:");
}

/**
 * Issues the double-submit CSRF cookie `ct` and the visitor id, loads the member from the
 * session cookie, and refuses a POST whose X-CSRFToken header does not equal `ct`.
 */
export function cookiesAndSession(services: AppServices): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secure = isSecureRequest(
      c.req.url,
      c.req.header("x-forwarded-proto"),
      services.env.TRUST_PROXY,
    );
    c.set("secure", secure);
    const base = { path: "/", sameSite: "Lax" as const, secure };

    const sentCsrf = getCookie(c, CSRF_COOKIE);
    const unsafe = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    // Double submit: a cross-site page can send the cookie but cannot read it to copy it into the header.
    if (unsafe && (!sentCsrf || c.req.header("x-csrftoken") !== sentCsrf)) {
      return failure(
        c,
        403,
        "セッションの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。",
      );
    }
    let csrf = sentCsrf;
    if (!csrf || !token.test(csrf)) {
      csrf = randomBytes(18).toString("base64url");
      // Readable by the page on purpose: the request helper copies it into X-CSRFToken.
      setCookie(c, CSRF_COOKIE, csrf, { ...base, maxAge: 60 * 60 * 24 * 365 });
    }
    c.set("csrfToken", csrf);

    let visitor = getCookie(c, VISITOR_COOKIE);
    if (!visitor || !token.test(visitor)) {
      visitor = randomBytes(12).toString("base64url");
      setCookie(c, VISITOR_COOKIE, visitor, {
        ...base,
        httpOnly: true,
        maxAge: 60 * 60 * 24 * 365,
      });
    }
    c.set("visitorId", visitor);

    c.set("member", null);
    c.set("sessionToken", null);
    const sid = getCookie(c, SESSION_COOKIE);
    if (sid) {
      const session = await findSession(services.db, services.sessionSecret, sid);
      if (session) {
        c.set("member", session.user);
        c.set("sessionToken", sid);
      } else {
        setCookie(c, SESSION_COOKIE, "", { ...base, httpOnly: true, maxAge: 0 });
      }
    }
    await next();
  };
}

export function setSessionCookie(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  value: string,
  expiresAt: Date | null,
) {
  setCookie(c, SESSION_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("secure"),
    ...(expiresAt ? { expires: expiresAt } : { maxAge: 0 }),
  });
}
