import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv, AppServices } from "../../lib/context";
import { failure } from "../../lib/errors";
import { randomToken } from "../../lib/random-token";
import { CSRF_COOKIE, issueCsrfToken, SESSION_COOKIE } from "../../lib/session-cookies";
import { findSession, UNSUBSCRIBE_PATH } from "../../modules/account/service";

export const VISITOR_COOKIE = "vid";
const token = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Issues the double-submit CSRF cookie `ct` and the visitor id, loads the member from the
 * session cookie, and refuses a POST whose X-CSRFToken header does not equal `ct`.
 */
export function cookiesAndSession(services: AppServices): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secure = c.get("secure");
    const base = { path: "/", sameSite: "Lax" as const, secure };

    // One parse of the Cookie header for all three names.
    const cookies = getCookie(c);
    const sentCsrf = cookies[CSRF_COOKIE];
    const unsafe =
      c.req.method !== "GET" &&
      c.req.method !== "HEAD" &&
      c.req.method !== "OPTIONS" &&
      // RFC 8058 one-click unsubscribe: a mail program's POST, signed by the link itself.
      !(c.req.method === "POST" && c.req.path === UNSUBSCRIBE_PATH);
    // Double submit: a cross-site page can send the cookie but cannot read it to copy it into the header.
    // A beacon (navigator.sendBeacon) cannot set headers: the event batch carries the token in
    // its query instead, which a cross-site page cannot read either.
    const sentToken =
      c.req.header("x-csrftoken") ?? (c.req.path === "/api/events" ? c.req.query("ct") : undefined);
    if (unsafe && (!sentCsrf || sentToken !== sentCsrf)) {
      return failure(
        c,
        403,
        "セッションの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。",
      );
    }
    if (sentCsrf && token.test(sentCsrf)) c.set("csrfToken", sentCsrf);
    else issueCsrfToken(c);

    let visitor = cookies[VISITOR_COOKIE];
    if (!visitor || !token.test(visitor)) {
      visitor = randomToken(12);
      setCookie(c, VISITOR_COOKIE, visitor, {
        ...base,
        httpOnly: true,
        maxAge: 60 * 60 * 24 * 365,
      });
    }
    c.set("visitorId", visitor);

    c.set("member", null);
    c.set("sessionToken", null);
    const sid = cookies[SESSION_COOKIE];
    if (sid) {
      // Kept in memory under the member's version (decision 0080): a warm page asks no query.
      const session = await findSession(
        services.db,
        services.sessionSecret,
        sid,
        new Date(),
        (id) => services.memberKept.version(id),
      );
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
