import { type Context, Hono } from "hono";
import { z } from "zod";
import { blankToUndefined, integerIn, recordId } from "../../../contract/input";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readFields } from "../../lib/input";
import { seriesExists } from "../catalog/series-record";
import { RECOMMEND_FRAMES, recommendFrame, relatedSeries, startingSeries } from "./service";

const NO_SERIES = "お探しの作品は見つかりませんでした";
const series = z.preprocess(blankToUndefined, recordId("series").optional());

/**
 * id: the frame (rec_id); series: the work it starts from (the member's latest when absent);
 * rec: the return popup (rtpop) that shows it, named in the frame's tracking value; num: how many
 * items the page shows, never more than the frame's display number.
 */
const recommendSchema = z.object({
  id: recordId("id").refine((n) => n in RECOMMEND_FRAMES, "おすすめ枠の番号が正しくありません"),
  series,
  rec: z.preprocess(
    blankToUndefined,
    integerIn(1, 999, "1〜999の整数で指定してください").optional(),
  ),
  num: z.preprocess(blankToUndefined, integerIn(1, 30, "1〜30の整数で指定してください").optional()),
});

/** Spec 001 §7.4: /api/recommend?id= {series, rec, num} and /api/recommend/related {series}. */
export function recommendRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const frame = async (c: Context<AppEnv>) => {
    const q = await readFields(c, recommendSchema);
    if (q.series && !(await seriesExists(db, q.series))) throw new NotFound(NO_SERIES);
    const userId = c.get("member")?.userId ?? null;
    const seriesId = q.series ?? (await startingSeries(db, userId));
    const answer = await recommendFrame(db, {
      recId: q.id,
      frame: RECOMMEND_FRAMES[q.id]!,
      seriesId,
      userId,
      num: q.num,
      tr: q.rec ? `rtpop${q.rec}_rec${q.id}` : `recommend_rec${q.id}`,
    });
    return c.json({ result: true, recommend: answer });
  };
  routes.get("/recommend", frame);
  routes.post("/recommend", frame);

  const relatedSchema = z.object({
    series: z.preprocess(blankToUndefined, recordId("series")),
  });
  const related = async (c: Context<AppEnv>) => {
    const q = await readFields(c, relatedSchema);
    const list = await relatedSeries(db, q.series, c.get("member")?.userId ?? null);
    if (!list) throw new NotFound(NO_SERIES);
    return c.json({ result: true, series_id: q.series, related: list });
  };
  routes.get("/recommend/related", related);
  routes.post("/recommend/related", related);
  return routes;
}
