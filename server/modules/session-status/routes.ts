import { type Context, Hono } from "hono";
import type { AppEnv, AppServices } from "../../lib/context";
import { sessionStatus, userStatus } from "./service";

/** /api/status (GET or POST) and /api/user (POST): spec 001 §7.2. */
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
    c.json({ result: true, ...(await userStatus(services.db, c.get("member")?.userId ?? null)) }),
  );
  return routes;
}
