import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import type { MemberKept } from "../../lib/member-kept";

/** The calls that change a member's status although the spec lets them come as a GET. */
const CHANGING_GETS = new Set(["/api/popup_open", "/api/popup_close"]);

/**
 * POST calls that change nothing a member's status or card flags show, made on every page view
 * of a member (the spec asks most reads as POST; the analytics beacon writes only events): were
 * they taken for changes, the member's next page would never find anything kept. A call belongs
 * here only if nothing it calls writes what those show; one left out only costs a recomputation.
 */
const UNCHANGING_POSTS = new Set([
  "/api/status",
  "/api/user",
  "/api/cart_count",
  "/api/popups",
  "/api/personal/user/items",
  "/api/events",
]);

/**
 * Every request of a logged-in member that may change their state (any method but GET, HEAD and
 * OPTIONS, less the unchanging POSTs, and the few changing GETs) tells what is kept for that member, once the handler has
 * finished and before the answer leaves: the member's next page is computed afresh, in every
 * process (decision 0038). A refused or failed request tells too; recomputing costs one page.
 */
export function memberChanges(kept: MemberKept): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const member = c.get("member");
    const method = c.req.method;
    const changing =
      member !== null &&
      (method === "GET" || method === "HEAD" || method === "OPTIONS"
        ? CHANGING_GETS.has(c.req.path)
        : !(method === "POST" && UNCHANGING_POSTS.has(c.req.path)));
    if (!changing) return next();
    try {
      await next();
    } finally {
      await kept.changed(member.userId);
    }
  };
}
