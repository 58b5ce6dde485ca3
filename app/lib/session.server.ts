import type { AppLoadContext } from "react-router";
import { shellAnswer } from "../../contract/page-clock";
import { sessionStatus, shownUserStatus } from "../../server/pages/status";

/**
 * The status and user-status answers, computed in-process for server rendering at one instant,
 * with their clock fields sent apart (contract/page-clock.ts) so a kept render can be served in
 * a later second with only those made anew.
 */
export async function loadShellState(context: AppLoadContext, request: Request) {
  const { services, request: req } = context;
  const now = new Date();
  const [status, user] = await Promise.all([
    sessionStatus(
      services,
      {
        member: req.member,
        sessionToken: req.sessionToken,
        visitorId: req.visitorId,
        userAgent: request.headers.get("user-agent") ?? undefined,
      },
      now,
    ),
    shownUserStatus(services, req.member?.userId ?? null, now),
  ]);
  return shellAnswer(status, user);
}
