/**
 * Reads one cookie by name. Without `cookieString` it reads `document.cookie`, and answers
 * undefined during server rendering, where there is no document.
 */
export function readCookie(name: string, cookieString?: string): string | undefined {
  const source = cookieString ?? (typeof document === "undefined" ? "" : document.cookie);
  for (const part of source.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value that is not valid percent-encoding is still the value the server set.
      return raw;
    }
  }
  return undefined;
}
