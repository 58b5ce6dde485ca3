import { type Context, Hono } from "hono";
import type { InitAnswer } from "../../../contract/home";
import { DEFAULT_MEMBER_FREE_VOL } from "../../../contract/series";
import { currentCampaignTimestamp } from "../../lib/campaign-timestamp";
import type { AppEnv, AppServices } from "../../lib/context";
import { detectDevice } from "../../lib/device";

/**
 * The init answer of spec 001 §7.3. Shared data hold no user data and are keyed by the hour
 * campaigns switch at (the same cache_key /api/status gives), so every page can use them.
 */
export function initAnswer(isLogin: boolean, userAgent: string | undefined, now: Date): InitAnswer {
  return {
    use_cache: true,
    cache_key: String(currentCampaignTimestamp(now)),
    member_free_vol: DEFAULT_MEMBER_FREE_VOL,
    login: isLogin,
    os: detectDevice(userAgent).os,
  };
}

/**
 * POST /api/personal/ranking/init and /api/personal/campaign/init; the series init
 * (catalog/routes.ts) first checks the series exists, then answers the same initAnswer.
 */
export function initRoutes(_services: AppServices) {
  const routes = new Hono<AppEnv>();
  const answer = (c: Context<AppEnv>) => ({
    result: true as const,
    ...initAnswer(Boolean(c.get("member")), c.req.header("user-agent"), new Date()),
  });
  routes.post("/personal/ranking/init", (c) => c.json(answer(c)));
  routes.post("/personal/campaign/init", (c) => c.json(answer(c)));
  return routes;
}
