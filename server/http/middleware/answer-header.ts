import type { Context } from "hono";

/**
 * Sets a header on the answer a handler already made. Hono's c.header at that point first copies
 * the whole Response (building its body stream), once per call; the answers made in this process
 * have mutable headers, so they are changed in place. A Response with guarded headers (one
 * passed through from fetch) still goes through the copy.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
