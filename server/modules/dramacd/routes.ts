import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type DramaCdListAnswer,
  type DramaCdListInput,
  type DramaCdPageAnswer,
  dramaCdListInput,
  trackRatingInput,
} from "../../../contract/dramacd";
import { recordId } from "../../../contract/input";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readFields, readJson, readParams } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { toggleCdFavorite } from "../library/series-marks";
import { dramaCdExists, rateTrack } from "./service";

interface DramaCdPages {
  dramaCdList: (
    db: Db,
    input: DramaCdListInput,
    userId: number | null,
  ) => Promise<DramaCdListAnswer | null>;
  dramaCdPage: (db: Db, cdId: number, userId: number | null) => Promise<DramaCdPageAnswer | null>;
}

const NO_CD = "お探しのドラマCDは見つかりませんでした";
const cdParam = z.object({ cdId: recordId("cdId") });

/**
 * Drama CD calls (spec 001 §7.4): the list, one CD's page, 気になる and track ratings. Answers
 * carry the viewer's own flags, so they are personal and never shared.
 */
export function dramaCdRoutes(services: AppServices, pages: DramaCdPages) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const list = async (c: Context<AppEnv>) => {
    const input = await readFields(c, dramaCdListInput);
    const answer = await pages.dramaCdList(db, input, c.get("member")?.userId ?? null);
    if (!answer) throw new NotFound("お探しの特集は見つかりませんでした");
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, ...answer });
  };
  routes.get("/doramacds", list);
  routes.post("/doramacds", list);

  // Registered before /doramacd/:cdId so "rating" is never read as an id.
  routes.post("/doramacd/rating", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, trackRatingInput);
    if (!(await rateTrack(db, userId, input.track, input.rating))) {
      throw new NotFound("トラックが見つかりませんでした");
    }
    return c.json({ result: true });
  });

  routes.post("/doramacd/:cdId/favorite", async (c) => {
    const userId = requireMember(c).userId;
    const { cdId } = readParams(c, cdParam);
    if (!(await dramaCdExists(db, cdId))) throw new NotFound(NO_CD);
    return c.json({ result: true, favorite: await toggleCdFavorite(db, userId, cdId) });
  });

  const page = async (c: Context<AppEnv>) => {
    const { cdId } = readParams(c, cdParam);
    const answer = await pages.dramaCdPage(db, cdId, c.get("member")?.userId ?? null);
    if (!answer) throw new NotFound(NO_CD);
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, ...answer });
  };
  routes.get("/doramacd/:cdId", page);
  routes.post("/doramacd/:cdId", page);

  return routes;
}
