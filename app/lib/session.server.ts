import type { AppLoadContext } from "react-router";
import { sessionStatus, shownUserStatus } from "../../server/pages/status";

/** The status and user-status answers, computed in-process for server rendering. */
export async function loadShellState(context: AppLoadContext, request: Request) {
  const { services, request: req } = context;
  const [status, user] = await Promise.all([
    sessionStatus(services, {
      member: req.member,
      sessionToken: req.sessionToken,
      visitorId: req.visitorId,
      userAgent: request.headers.get("user-agent") ?? undefined,
    }),
    shownUserStatus(services, req.member?.userId ?? null),
  ]);
  return { status, user };
}
