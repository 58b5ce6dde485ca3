/**
 * The one guard for addresses the store sends people to: redirects after login or sign-up and
 * links written by staff. It judges an address the way a browser will read it, because the
 * browser's URL parser (WHATWG) forgives what a plain prefix check does not: it strips leading
 * and trailing control characters and spaces, drops tabs and line breaks anywhere, and reads `\`
 * as `/` — so `/\t/evil.example` and `/\evil` are off-site addresses even though they start
 * with a single `/`.
 */

const SITE = "https://same-site.invalid";

/** What the browser's parser makes of the text before it looks at the scheme or the path. */
export function normaliseUrlText(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the parser strips exactly C0 and space
  const trimmed = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  // In http(s) addresses and paths the parser reads `\` as `/` up to the query or fragment.
  const end = trimmed.search(/[?#]/);
  const head = end === -1 ? trimmed : trimmed.slice(0, end);
  const tail = end === -1 ? "" : trimmed.slice(end);
  return head.replace(/\\/g, "/") + tail;
}

/**
 * A path on this site (`/…`, never `//…`, before or after the parser resolves `.` and `..`),
 * percent-encoded as the browser would send it, or null. Safe to put into a Location header:
 * nothing that leaves the site, no control characters.
 */
export function sameSitePath(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = normaliseUrlText(raw);
  if (!text.startsWith("/") || text.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a path
  if (/[\u0000-\u001f\u007f]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = url.pathname + url.search + url.hash;
  // Checked again after the parser resolved dot segments: "/.//evil.example", "/%2e//evil.example"
  // and "/a/..//evil.example" come out as "//evil.example", which a browser reads as another host.
  if (path.startsWith("//")) return null;
  return path;
}

/**
 * Where a link in staff content may point: a path on this site, or an absolute http(s) address
 * with a host (spec 001 §9 "Link sanitizer: http and https only"); null for anything else.
 */
export function safeLinkUrl(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const path = sameSitePath(raw);
  if (path !== null) return path;
  const text = normaliseUrlText(raw);
  if (!/^https?:/i.test(text)) return null;
  try {
    const url = new URL(text);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return null;
    return url.href;
  } catch {
    return null;
  }
}
