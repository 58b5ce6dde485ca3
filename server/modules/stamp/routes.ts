import { Hono } from "hono";
import type { AppEnv, AppServices } from "../../lib/context";
import { requireMember } from "../../lib/member";
import { loginStamps } from "./service";

/** /api/login_stamps (spec 001 §7.4): a write, since the first call of a Tokyo day presses. */
export function stampRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();
  routes.post("/login_stamps", async (c) => {
    const member = requireMember(c, "ログインスタンプはログインするとご利用いただけます");
    return c.json(await loginStamps(db, member.userId, new Date()));
  });
  return routes;
}
