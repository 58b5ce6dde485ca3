import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "./context";
import { randomToken } from "./random-token";

export const SESSION_COOKIE = "sid";
export const CSRF_COOKIE = "ct";

/**
 * A new `ct` value. Login, sign-up, logout and leaving call it too, so a token planted in the
 * browser before the session changed (session fixation of the CSRF token) stops working. The
 * page's request helper reads the cookie on every call, so its next POST sends the new value.
 */
export function issueCsrfToken(c: Context<AppEnv>) {
  const csrf = randomToken(18);
  // Readable by the page on purpose: the request helper copies it into X-CSRFToken.
  setCookie(c, CSRF_COOKIE, csrf, {
    path: "/",
    sameSite: "Lax",
    secure: c.get("secure"),
    maxAge: 60 * 60 * 24 * 365,
  });
  c.set("csrfToken", csrf);
}

export function setSessionCookie(c: Context<AppEnv>, value: string, expiresAt: Date | null) {
  setCookie(c, SESSION_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("secure"),
    ...(expiresAt ? { expires: expiresAt } : { maxAge: 0 }),
  });
}
