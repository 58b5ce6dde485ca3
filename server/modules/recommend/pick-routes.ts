import { type Context, Hono } from "hono";
import { z } from "zod";
import { GENRE_IDS } from "../../../contract/genres";
import {
  blankToUndefined,
  integerIn,
  numeric,
  oneOfNumbers,
  pageNumber,
  recordId,
} from "../../../contract/input";
import type { AppEnv, AppServices } from "../../lib/context";
import { BadInput, NotFound } from "../../lib/errors";
import { readFields } from "../../lib/input";
import { seriesExists } from "../catalog/series-record";
import {
  DEFAULT_MANY_FREE_VOLUMES,
  dailySpecial,
  dailySpecialDates,
  freeSeries,
  RECOMMEND_TITLES,
  type RecommendType,
  recommendFrames,
  recommendList,
} from "./series-picks";

const genre = z.preprocess(
  blankToUndefined,
  oneOfNumbers([0, ...GENRE_IDS], "ジャンルが正しくありません").optional(),
);
const pageNo = pageNumber();

/**
 * The free-work, recommendation and daily-special lists (spec 001 §7.4): cards picked from
 * campaigns, the catalog and the member's library.
 */
export function seriesPickRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const freeSchema = z.object({ genre, page: pageNo });
  const free = async (c: Context<AppEnv>) => {
    const q = await readFields(c, freeSchema);
    return c.json({
      result: true,
      ...(await freeSeries(db, { genre: q.genre, minFree: 1, page: q.page })),
    });
  };
  routes.post("/free", free);
  routes.get("/free", free);

  const manyFreeSchema = z.object({
    genre,
    limit_volume: z.preprocess(
      blankToUndefined,
      integerIn(1, 100, "limit_volume は1〜100の整数で指定してください").default(
        DEFAULT_MANY_FREE_VOLUMES,
      ),
    ),
    page: pageNo,
  });
  const manyFree = async (c: Context<AppEnv>) => {
    const q = await readFields(c, manyFreeSchema);
    const answer = await freeSeries(db, { genre: q.genre, minFree: q.limit_volume, page: q.page });
    return c.json({ result: true, ...answer, limit_volume: q.limit_volume });
  };
  routes.post("/many_free", manyFree);
  routes.get("/many_free", manyFree);

  const seriesField = z.preprocess(blankToUndefined, recordId("series").optional());
  const recommendsSchema = z.object({
    page: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(40)
        .regex(/^[a-z0-9_]+$/i)
        .default("recommend"),
    ),
    series: seriesField,
  });
  const recommends = async (c: Context<AppEnv>) => {
    const q = await readFields(c, recommendsSchema);
    if (q.series && !(await seriesExists(db, q.series))) {
      throw new NotFound("お探しの作品は見つかりませんでした");
    }
    const frames = await recommendFrames(db, {
      pageName: q.page,
      seriesId: q.series ?? null,
      userId: c.get("member")?.userId ?? null,
    });
    return c.json({ result: true, recommends: frames });
  };
  routes.post("/recommends", recommends);
  routes.get("/recommends", recommends);

  const moreSchema = z
    .object({
      tp: oneOfNumbers(Object.keys(RECOMMEND_TITLES).map(Number), "tp は 1〜4 で指定してください"),
      series: seriesField,
      rt: z.preprocess(
        blankToUndefined,
        numeric("rt は0〜5の数値で指定してください").pipe(z.number().min(0).max(5)).optional(),
      ),
      page: pageNo,
    })
    .refine((q) => q.tp === 1 || q.tp === 4 || q.series !== undefined, {
      message: "この種類のおすすめには作品の指定が必要です",
      path: ["series"],
    });
  const more = async (c: Context<AppEnv>) => {
    const q = await readFields(c, moreSchema);
    if (q.series && !(await seriesExists(db, q.series))) {
      throw new NotFound("お探しの作品は見つかりませんでした");
    }
    const list = await recommendList(db, {
      tp: q.tp as RecommendType,
      seriesId: q.series ?? null,
      userId: c.get("member")?.userId ?? null,
      minRating: q.rt,
      page: q.page,
    });
    return c.json({ result: true, ...list });
  };
  routes.post("/recommend/more", more);
  routes.get("/recommend/more", more);

  const dailySchema = z.object({
    target_date: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{8}$/, "日付は YYYYMMDD で指定してください")
        .optional(),
    ),
  });
  const daily = async (c: Context<AppEnv>) => {
    const q = await readFields(c, dailySchema);
    const now = new Date();
    if (q.target_date && !dailySpecialDates(now).includes(q.target_date)) {
      throw new BadInput("target_date", "target_date: 直近7日間の日付を指定してください");
    }
    return c.json({ result: true, ...(await dailySpecial(db, q.target_date ?? null, now)) });
  };
  routes.post("/daily_special", daily);
  routes.get("/daily_special", daily);

  return routes;
}
