import { Hono } from "hono";
import { z } from "zod";
import { recordId } from "../../../contract/input";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { seriesExists } from "../catalog/series-record";
import { toggleSeriesFavorite, toggleSeriesNotification } from "./series-marks";

const seriesInput = z.object({ series: recordId("series") });

/**
 * 気になる and new-volume notifications per series (toggles answering the new state) (spec 001
 * §7.2, §7.4; spec 000 §8). Clearing the viewing history is the bookshelf module's.
 */
export function seriesMarkRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  const known = async (seriesId: number) => {
    if (!(await seriesExists(services.db, seriesId))) {
      throw new NotFound("作品が見つかりませんでした");
    }
  };

  routes.post("/series_favorite", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, seriesInput);
    await known(input.series);
    return c.json({
      result: true,
      favorite: await toggleSeriesFavorite(services.db, userId, input.series),
    });
  });

  routes.post("/series_notification", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, seriesInput);
    await known(input.series);
    return c.json({
      result: true,
      notification: await toggleSeriesNotification(services.db, userId, input.series),
    });
  });

  return routes;
}
