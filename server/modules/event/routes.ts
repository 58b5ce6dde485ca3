import { type Context, Hono } from "hono";
import { z } from "zod";
import { eventBatchSchema, eventContextSchema, eventFieldsSchema } from "../../../contract/event";
import { EVENT_NAMES } from "../../../contract/event-names";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams } from "../../lib/input";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import { recordEvents } from "./service";

/**
 * More sends than this a minute from one member, or from one address when nobody is logged in,
 * are refused (429) and not stored: a page sends one batch when it is hidden, so only a broken or
 * hostile client gets here. Not per visitor cookie: a client picks that cookie itself and could
 * send each request under a new one.
 */
export const EVENT_SENDS: LimitRule = { name: "event", points: 60, windowSeconds: 60 };

function senderKey(c: Context<AppEnv>): string {
  const member = c.get("member");
  return member ? `member:${member.userId}` : `address:${c.get("clientAddress")}`;
}

/**
 * POST /api/event/{name} (spec 000 §7, 001 §7.4) stores one event; POST /api/events stores the
 * batch a page sends with navigator.sendBeacon when it is hidden. Both append to the events table
 * with the session's utm values and the click source; the member id is the only personal field
 * (docs/decisions/0029-return-recommendations-and-analytics-events.md).
 */
export function eventRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  const limit = (c: Context<AppEnv>) =>
    throttle(
      c,
      services.limiter,
      EVENT_SENDS,
      senderKey(c),
      "送信が多すぎます。しばらくしてからお試しください",
    );
  routes.post("/events", async (c) => {
    const batch = await readJson(c, eventBatchSchema);
    await limit(c);
    const stored = await recordEvents(services.db, batch, c.get("member")?.userId ?? null);
    return c.json({ result: true, recorded: stored });
  });
  routes.post("/event/:name", async (c) => {
    const { name } = readParams(c, z.object({ name: z.enum(EVENT_NAMES) }));
    const { utm_source, utm_medium, utm_campaign, source, ...fields } = await readJson(
      c,
      eventFieldsSchema.extend(eventContextSchema.shape),
    );
    await limit(c);
    const stored = await recordEvents(
      services.db,
      { utm_source, utm_medium, utm_campaign, source, events: [{ ...fields, name }] },
      c.get("member")?.userId ?? null,
    );
    return c.json({ result: true, recorded: stored });
  });
  return routes;
}
