import { Hono } from "hono";
import { z } from "zod";
import { INT4_MAX, integerIn, numeric } from "../../../contract/input";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams } from "../../lib/input";

/** Spec 000 §7 / 001 §7.4: the analytics events the pages send. */
export const EVENT_NAMES = ["open", "close", "click", "click_book", "click_leadlink"] as const;

/** More than this many events a minute from one browser are dropped, not logged. */
export const EVENTS_PER_MINUTE = 300;

const text = z.string().max(200);
const id = integerIn(0, INT4_MAX, "0〜2147483647の整数で指定してください");

/** Either {category, label, value}, {series, page, frame, position, scroll} or {target_id}. */
const eventFields = z.object({
  category: text.optional(),
  label: text.optional(),
  value: z.union([text, z.number()]).optional(),
  series: id.nullable().optional(),
  page: text.optional(),
  frame: text.optional(),
  position: integerIn(0, 10_000, "0〜10000の整数で指定してください").optional(),
  scroll: numeric().pipe(z.number().min(0).max(1_000_000)).optional(),
  target_id: z.union([text, z.number()]).optional(),
});

/**
 * POST /api/event/{name}. Events go to the structured log as one line each, without the member
 * id, session or address (see docs/decisions/0013-home-sections-cards-and-events.md): the log pipeline counts them, and
 * nothing personal is kept in the database for them.
 */
export function eventRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  routes.post("/event/:name", async (c) => {
    const { name } = readParams(c, z.object({ name: z.enum(EVENT_NAMES) }));
    const fields = await readJson(c, eventFields);
    const count = await services.limiter.hit(`event:${c.get("visitorId")}`, 60);
    if (count > EVENTS_PER_MINUTE) return c.json({ result: true, recorded: false });
    c.get("log").info("event", { event: name, member: c.get("member") !== null, ...fields });
    return c.json({ result: true, recorded: true });
  });
  return routes;
}
