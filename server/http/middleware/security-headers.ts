import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import { randomToken } from "../../lib/random-token";
import { setAnswerHeader } from "./answer-header";

/** Inline scripts (React Router's hydration data, React's streaming) run only with the nonce. */
const policy = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    // 'self': the ops editors frame the store's own pages to preview them (/home, decision 0100;
    // the campaign page, decision 0101).
    "frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");

/** API answers are data, never documents: nothing in them may load or run. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'self'";

export const HSTS = "max-age=31536000; includeSubDomains";

/** The hardening headers every answer carries; `policy` is its Content-Security-Policy. */
export function hardeningHeaders(
  secure: boolean,
  csp: string | null,
): Array<[name: string, value: string]> {
  const headers: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "SAMEORIGIN"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
  if (csp) headers.push(["Content-Security-Policy", csp]);
  if (secure) headers.push(["Strict-Transport-Security", HSTS]);
  return headers;
}

/**
 * Hardening headers on every answer. Runs after requestContext, which decides whether the
 * browser came over https: only then is HSTS sent, so a plain-http development or test server
 * never pins browsers to https. Only pages get a nonce (API answers run no scripts), which
 * spares every API call 18 random bytes.
 */
export function securityHeaders(dev: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const api = c.req.path.startsWith("/api/");
    const nonce = api ? "" : randomToken(18, "base64");
    c.set("cspNonce", nonce);
    await next();
    // Vite's dev client needs eval and a websocket; production gets the strict policy.
    const csp = dev ? null : api ? API_POLICY : policy(nonce);
    for (const [name, value] of hardeningHeaders(c.get("secure"), csp)) {
      setAnswerHeader(c, name, value);
    }
  };
}
