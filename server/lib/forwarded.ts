/**
 * What the request says about the browser that sent it: its address and whether it came over
 * https. Behind load balancers these come from X-Forwarded-* headers, but each proxy appends to
 * what it received, so only the entries written by the proxies we run can be believed: the
 * entry `trustedHops` places from the right. Everything left of it was written by the client.
 */

/** The entry the outermost trusted proxy wrote, or the leftmost when the list is shorter. */
function writtenByTrustedProxy(header: string | null | undefined, trustedHops: number) {
  if (trustedHops < 1 || !header) return undefined;
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustedHops)];
}

export interface ForwardedRequest {
  url: string;
  header: (name: string) => string | null | undefined;
  /** The address of the peer on the TCP connection, when there is one. */
  socketAddress: string | undefined;
}

/**
 * The browser's address, for the login throttle, session records and logs alike: the socket
 * peer when no proxy is trusted, else the address the outermost trusted proxy saw.
 */
export function clientAddress(request: ForwardedRequest, trustedHops: number): string {
  return (
    writtenByTrustedProxy(request.header("x-forwarded-for"), trustedHops) ??
    request.socketAddress ??
    "unknown"
  );
}

/** Whether the browser's connection was https (cookies get Secure, HSTS is sent). */
export function isSecureRequest(request: ForwardedRequest, trustedHops: number): boolean {
  const proto = writtenByTrustedProxy(request.header("x-forwarded-proto"), trustedHops);
  if (proto !== undefined) return proto.toLowerCase() === "https";
  return request.url.startsWith("https:");
}
