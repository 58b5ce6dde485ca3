import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * nginx's code for a request whose client closed the connection before the answer was sent. It
 * is no server error: a page abandoned mid-render (curl --max-time 0.3, a tab closed, a tap on
 * another link) was logged and counted as a 500.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/** What @hono/node-server hands the app beside the request: Node's own request and response. */
interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

/**
 * Whether the client went away while the request was handled. Under Node the response says so
 * itself (closed before it finished, as the adapter's own abort rule reads it); asking the
 * request's AbortSignal instead builds one for every request, a twentieth of a small API
 * answer's cost (issue 22 item 15's profile). Without Node (app.request in tests) the signal.
 */
export function clientGone(c: Context): boolean {
  const { incoming, outgoing } = (c.env ?? {}) as NodeBindings;
  if (incoming && outgoing) {
    return Boolean(incoming.errored) || (outgoing.destroyed && !outgoing.writableFinished);
  }
  return c.req.raw.signal.aborted;
}

/** The status a request is logged and counted under: 499 when the client left before the answer. */
export function answeredStatus(c: Context): number {
  return clientGone(c) ? CLIENT_CLOSED_REQUEST : c.res.status;
}
