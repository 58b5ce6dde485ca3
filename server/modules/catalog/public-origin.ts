import type { Env } from "../../env";

/**
 * The origin absolute links (canonical URLs, sitemaps, Open Graph) are built on: PUBLIC_URL when
 * set, so every instance and proxy hop agrees; otherwise the origin the request came in on, taking
 * the forwarded scheme and host only from a trusted proxy.
 */
export function publicOrigin(
  env: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY">,
  requestUrl: string,
  headers: Headers,
): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, "");
  const url = new URL(requestUrl);
  if (!env.TRUST_PROXY) return url.origin;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const scheme = proto === "http" || proto === "https" ? proto : url.protocol.slice(0, -1);
  const authority = host && /^[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? host : url.host;
  return `${scheme}://${authority}`;
}
