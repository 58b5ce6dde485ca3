import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type CampaignListAnswer,
  type CampaignPageAnswer,
  OTOKU_FILTERS,
  type OtokuFilter,
} from "../../../contract/campaign";
import { GENRE_IDS } from "../../../contract/genres";
import {
  blankToUndefined,
  integerIn,
  numeric,
  oneOfNumbers,
  pageNumber,
  recordId,
} from "../../../contract/input";
import type { Db } from "../../db/client";
import { currentCampaignTimestamp } from "../../lib/campaign-timestamp";
import type { AppEnv, AppServices } from "../../lib/context";
import { BadInput, NotFound } from "../../lib/errors";
import { readFields, readParams, readQuery } from "../../lib/input";
import { sharedAnswer } from "../../lib/shared-answers";
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
const filter = z.preprocess(
  blankToUndefined,
  oneOfNumbers(
    Object.keys(OTOKU_FILTERS).map(Number),
    "絞り込みは 1〜4 で指定してください",
  ).optional(),
);
const cacheKey = z.string().min(1).max(64);

/**
 * Campaign calls (spec 001 §7.3 campaign init, campaigns, campaign/{id}/{page}) and the
 * free-work, recommendation and daily-special lists (§7.4).
 */
/** The campaign list and page answers, assembled in server/pages/campaign.ts; the router registry hands them in. */
export interface CampaignPages {
  campaignList(
    db: Db,
    opts: { genre?: number | null; filter?: OtokuFilter | null; ts: number },
    now?: Date,
  ): Promise<CampaignListAnswer>;
  /** A running campaign's page; an ended or unknown campaign throws its typed failure. */
  runningCampaignPage(
    db: Db,
    campaignId: number,
    pageNo: number,
    userId: number | null,
  ): Promise<CampaignPageAnswer>;
}

export function campaignRoutes(
  services: AppServices,
  { campaignList, runningCampaignPage }: CampaignPages,
) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const listSchema = z.object({ genre, filter });
  routes.post("/personal/campaigns", async (c) => {
    const q = await readFields(c, listSchema);
    const now = new Date();
    const answer = await campaignList(
      db,
      {
        genre: q.genre,
        filter: (q.filter ?? null) as OtokuFilter | null,
        ts: Math.floor(now.getTime() / 1000),
      },
      now,
    );
    return c.json({ result: true, ...answer });
  });
  routes.get("/shared/campaigns", async (c) => {
    const q = readQuery(c, listSchema.extend({ k: cacheKey }));
    return sharedAnswer(c, services.sharedAnswers, async () => {
      const now = new Date();
      return {
        ...(await campaignList(
          db,
          {
            genre: q.genre,
            filter: (q.filter ?? null) as OtokuFilter | null,
            ts: currentCampaignTimestamp(now),
          },
          now,
        )),
      };
    });
  });

  const pageParams = z.object({ campaignId: recordId("campaignId"), page: pageNo });
  routes.post("/personal/campaign/:campaignId/:page", async (c) => {
    const p = readParams(c, pageParams);
    const answer = await runningCampaignPage(
      db,
      p.campaignId,
      p.page,
      c.get("member")?.userId ?? null,
    );
    return c.json({ result: true, ...answer });
  });
  routes.get("/shared/campaign/:campaignId/:page", async (c) => {
    const p = readParams(c, pageParams);
    readQuery(c, z.object({ k: cacheKey }));
    // Checked before caching so a failure is never stored as an answer.
    const answer = await runningCampaignPage(db, p.campaignId, p.page, null);
    return sharedAnswer(c, services.sharedAnswers, async () => ({ ...answer }));
  });

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
