import { type Context, Hono } from "hono";
import {
  autoPurchaseSeriesPayload,
  autoPurchaseSettingsPayload,
  preorderIdParam,
  preorderOfferQuery,
  reservePayload,
  seriesIdParam,
} from "../../../contract/preorders";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import { requireMember } from "../../lib/member";
import {
  autoPurchaseOfSeries,
  autoPurchaseOverview,
  cancelPreorder,
  memberPreorders,
  preorderOffer,
  reserve,
  saveStandingSettings,
  setAutoPurchase,
} from "./service";

const PREORDER_LOGIN = "予約購入のご利用にはログインが必要です";
const AUTO_LOGIN = "新刊自動購入のご利用にはログインが必要です";

/**
 * 予約購入 and 新刊自動購入 (decision 0116): every call is the signed-in member's own; another
 * member's reservation answers 404. Writes carry the CSRF header like every other POST.
 */
export function preorderRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  // Every answer is the member's own (a visitor's offer too: it is asked beside their session).
  const personal = (c: Context<AppEnv>) => c.header("Cache-Control", "private, no-store");

  routes.get("/preorders", async (c) => {
    personal(c);
    const { userId } = requireMember(c, PREORDER_LOGIN);
    return c.json({ result: true, preorders: await memberPreorders(db, userId, new Date()) });
  });

  // Visitors too: the page says whether the volume takes reservations before asking to log in.
  routes.get("/preorders/offer", async (c) => {
    personal(c);
    const userId = c.get("member")?.userId ?? null;
    const { book_id } = readQuery(c, preorderOfferQuery);
    return c.json({ result: true, offer: await preorderOffer(db, userId, book_id, new Date()) });
  });

  routes.post("/preorders", async (c) => {
    personal(c);
    const { userId } = requireMember(c, PREORDER_LOGIN);
    const { book_id } = await readJson(c, reservePayload);
    return c.json({ result: true, preorder: await reserve(db, userId, book_id, new Date()) });
  });

  routes.post("/preorders/:id/cancel", async (c) => {
    personal(c);
    const { userId } = requireMember(c, PREORDER_LOGIN);
    const { id } = readParams(c, preorderIdParam);
    return c.json({ result: true, preorder: await cancelPreorder(db, userId, id, new Date()) });
  });

  routes.get("/auto_purchase", async (c) => {
    personal(c);
    const { userId } = requireMember(c, AUTO_LOGIN);
    return c.json({ result: true, ...(await autoPurchaseOverview(db, userId, new Date())) });
  });

  routes.get("/auto_purchase/series/:id", async (c) => {
    personal(c);
    const { userId } = requireMember(c, AUTO_LOGIN);
    const { id } = readParams(c, seriesIdParam);
    return c.json({ result: true, ...(await autoPurchaseOfSeries(db, userId, id)) });
  });

  routes.post("/auto_purchase/series", async (c) => {
    personal(c);
    const { userId } = requireMember(c, AUTO_LOGIN);
    const input = await readJson(c, autoPurchaseSeriesPayload);
    const answer = await setAutoPurchase(
      db,
      userId,
      { seriesId: input.series_id, enabled: input.enabled, paused: input.paused },
      new Date(),
    );
    return c.json({ result: true, ...answer });
  });

  routes.post("/auto_purchase/settings", async (c) => {
    personal(c);
    const { userId } = requireMember(c, AUTO_LOGIN);
    const input = await readJson(c, autoPurchaseSettingsPayload);
    const now = new Date();
    await saveStandingSettings(
      db,
      userId,
      { monthlyCap: input.monthly_cap, usePoints: input.use_points },
      now,
    );
    return c.json({ result: true, ...(await autoPurchaseOverview(db, userId, now)) });
  });

  return routes;
}
