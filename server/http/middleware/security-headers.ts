import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";

/** Inline scripts (React Router's hydration data, React's streaming) run only with the nonce. */
const policy = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Hardening headers on every answer. Runs after requestContext, which decides whether the
 * browser came over https: only then is HSTS sent, so a plain-http development or test server
 * never pins browsers to https.
 */
export function securityHeaders(dev: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(18).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "SAMEORIGIN");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    // Vite's dev client needs eval and a websocket; production gets the strict policy.
    if (!dev) c.header("Content-Security-Policy", policy(nonce));
    if (c.get("secure")) c.header("Strict-Transport-Security", HSTS);
  };
}
