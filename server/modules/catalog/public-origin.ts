import type { Env } from "../../env";
import { forwardedHost, isSecureRequest } from "../../lib/forwarded";

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
  const request = {
    url: requestUrl,
    header: (name: string) => headers.get(name),
    socketAddress: undefined,
  };
  const scheme = isSecureRequest(request, env.TRUST_PROXY) ? "https" : "http";
  const host = forwardedHost(request, env.TRUST_PROXY);
  const authority = host && /^[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? host : url.host;
  return `${scheme}://${authority}`;
}
