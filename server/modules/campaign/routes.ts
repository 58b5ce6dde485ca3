import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type CampaignListAnswer,
  OTOKU_FILTERS,
  type OtokuFilter,
} from "../../../contract/campaign";
import { isGenreId } from "../../../contract/genres";
import type { Db } from "../../db/client";
import { ApiError, describeZodError, readParams, readQuery } from "../../http/api-error";
import { currentCampaignTimestamp } from "../../lib/campaign-timestamp";
import type { AppEnv, AppServices } from "../../lib/context";
import { sharedAnswer } from "../../lib/shared-answers";
import { seriesExists } from "../catalog/series-page";
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
import type { CampaignPageResult } from "./service";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const genre = z.preprocess(
  blank,
  z.coerce
    .number()
    .int()
    .refine((g) => g === 0 || isGenreId(g), "ジャンルが正しくありません")
    .optional(),
);
const pageNo = z.preprocess(
  blank,
  z.coerce.number().int().min(1, "1以上で指定してください").max(10_000).default(1),
);
const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const filter = z.preprocess(
  blank,
  z.coerce
    .number()
    .int()
    .refine((f) => f in OTOKU_FILTERS, "絞り込みは 1〜4 で指定してください")
    .optional(),
);
const cacheKey = z.string().min(1).max(64);

/** Query keys and, for POST, the JSON body (which wins), validated together. */
async function fields<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  let body: Record<string, unknown> = {};
  if (c.req.method === "POST") {
    const text = await c.req.text();
    if (text.trim() !== "") {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
          body = parsed as Record<string, unknown>;
        } else throw new Error("not an object");
      } catch {
        throw new ApiError(400, "リクエストの形式が正しくありません（JSON を読み取れません）", {
          field: "body",
        });
      }
    }
  }
  const parsed = schema.safeParse({ ...c.req.query(), ...body });
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new ApiError(400, message, { field });
  }
  return parsed.data;
}

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
  campaignPage(
    db: Db,
    campaignId: number,
    pageNo: number,
    userId: number | null,
  ): Promise<CampaignPageResult>;
}

export function campaignRoutes(
  services: AppServices,
  { campaignList, campaignPage }: CampaignPages,
) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const listSchema = z.object({ genre, filter });
  routes.post("/personal/campaigns", async (c) => {
    const q = await fields(c, listSchema);
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

  const pageParams = z.object({ campaignId: positiveId, page: pageNo });
  const campaignOrFail = async (campaignId: number, page: number, userId: number | null) => {
    const found = await campaignPage(db, campaignId, page, userId);
    if (found.state === "running") return found.answer;
    if (found.state === "ended") {
      throw new ApiError(404, "このキャンペーンは終了しました", { error_url: "/otoku" });
    }
    throw new ApiError(404, "お探しのキャンペーンは見つかりませんでした", { error_url: "/otoku" });
  };
  routes.post("/personal/campaign/:campaignId/:page", async (c) => {
    const p = readParams(c, pageParams);
    const answer = await campaignOrFail(p.campaignId, p.page, c.get("member")?.userId ?? null);
    return c.json({ result: true, ...answer });
  });
  routes.get("/shared/campaign/:campaignId/:page", async (c) => {
    const p = readParams(c, pageParams);
    readQuery(c, z.object({ k: cacheKey }));
    // Checked before caching so a failure is never stored as an answer.
    const answer = await campaignOrFail(p.campaignId, p.page, null);
    return sharedAnswer(c, services.sharedAnswers, async () => ({ ...answer }));
  });

  const freeSchema = z.object({ genre, page: pageNo });
  const free = async (c: Context<AppEnv>) => {
    const q = await fields(c, freeSchema);
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
      blank,
      z.coerce.number().int().min(1).max(100).default(DEFAULT_MANY_FREE_VOLUMES),
    ),
    page: pageNo,
  });
  const manyFree = async (c: Context<AppEnv>) => {
    const q = await fields(c, manyFreeSchema);
    const answer = await freeSeries(db, { genre: q.genre, minFree: q.limit_volume, page: q.page });
    return c.json({ result: true, ...answer, limit_volume: q.limit_volume });
  };
  routes.post("/many_free", manyFree);
  routes.get("/many_free", manyFree);

  const seriesField = z.preprocess(blank, positiveId.optional());
  const recommendsSchema = z.object({
    page: z.preprocess(
      blank,
      z
        .string()
        .max(40)
        .regex(/^[a-z0-9_]+$/i)
        .default("recommend"),
    ),
    series: seriesField,
  });
  const recommends = async (c: Context<AppEnv>) => {
    const q = await fields(c, recommendsSchema);
    if (q.series && !(await seriesExists(db, q.series))) {
      throw new ApiError(404, "お探しの作品は見つかりませんでした");
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
      tp: z.coerce
        .number()
        .int()
        .refine((t) => t in RECOMMEND_TITLES, "tp は 1〜4 で指定してください"),
      series: seriesField,
      rt: z.preprocess(blank, z.coerce.number().min(0).max(5).optional()),
      page: pageNo,
    })
    .refine((q) => q.tp === 1 || q.tp === 4 || q.series !== undefined, {
      message: "この種類のおすすめには作品の指定が必要です",
      path: ["series"],
    });
  const more = async (c: Context<AppEnv>) => {
    const q = await fields(c, moreSchema);
    if (q.series && !(await seriesExists(db, q.series))) {
      throw new ApiError(404, "お探しの作品は見つかりませんでした");
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
      blank,
      z
        .string()
        .regex(/^\d{8}$/, "日付は YYYYMMDD で指定してください")
        .optional(),
    ),
  });
  const daily = async (c: Context<AppEnv>) => {
    const q = await fields(c, dailySchema);
    const now = new Date();
    if (q.target_date && !dailySpecialDates(now).includes(q.target_date)) {
      throw new ApiError(400, "target_date: 直近7日間の日付を指定してください", {
        field: "target_date",
      });
    }
    return c.json({ result: true, ...(await dailySpecial(db, q.target_date ?? null, now)) });
  };
  routes.post("/daily_special", daily);
  routes.get("/daily_special", daily);

  return routes;
}
