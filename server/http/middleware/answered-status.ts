import type { Context } from "hono";

/**
 * nginx's code for a request whose client closed the connection before the answer was sent. It
 * is no server error: a page abandoned mid-render (curl --max-time 0.3, a tab closed, a tap on
 * another link) was logged and counted as a 500.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/** Whether the client went away while the request was handled (its signal fires on close). */
export function clientGone(c: Context): boolean {
  return c.req.raw.signal.aborted;
}

/** The status a request is logged and counted under: 499 when the client left before the answer. */
export function answeredStatus(c: Context): number {
  return clientGone(c) ? CLIENT_CLOSED_REQUEST : c.res.status;
}
