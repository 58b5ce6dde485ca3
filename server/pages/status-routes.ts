import { type Context, Hono } from "hono";
import type { AppEnv, AppServices } from "../lib/context";
import { initAnswer } from "../lib/init-answer";
import { sessionStatus, shownUserStatus } from "./status";

/**
 * /api/status (GET or POST) and /api/user (POST): spec 001 §7.2, the same assemblers the pages'
 * shell loader calls. Also POST /api/personal/ranking/init and /api/personal/campaign/init; the
 * series init (catalog/routes.ts) first checks the series exists, then answers the same initAnswer.
 */
export function statusRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  const status = async (c: Context<AppEnv>) =>
    c.json({
      result: true,
      ...(await sessionStatus(services, {
        member: c.get("member"),
        sessionToken: c.get("sessionToken"),
        visitorId: c.get("visitorId"),
        userAgent: c.req.header("user-agent"),
      })),
    });
  routes.get("/status", status);
  routes.post("/status", status);
  routes.post("/user", async (c) =>
    c.json({ result: true, ...(await shownUserStatus(services, c.get("member")?.userId ?? null)) }),
  );
  const init = (c: Context<AppEnv>) =>
    c.json({
      result: true as const,
      ...initAnswer(Boolean(c.get("member")), c.req.header("user-agent"), new Date()),
    });
  routes.post("/personal/ranking/init", init);
  routes.post("/personal/campaign/init", init);
  return routes;
}
