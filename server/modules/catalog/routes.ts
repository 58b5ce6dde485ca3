import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  DEFAULT_MEMBER_FREE_VOL,
  SERIES_USER_DEFAULTS,
  type SeriesMain,
  type SeriesUserData,
} from "../../../contract/series";
import type { Db } from "../../db/client";
import { ApiError, describeZodError, readJson, readParams, readQuery } from "../../http/api-error";
import type { AppEnv, AppServices } from "../../lib/context";
import { initAnswer } from "../../lib/init-answer";
import { sharedAnswer } from "../../lib/shared-answers";
import {
  bookPeriod,
  seriesExists,
  seriesFeatures,
  seriesMain,
  seriesUserData,
  seriesVolume,
  type Viewer,
} from "./series-page";

const id = (field: string) =>
  z.coerce
    .number({ message: `${field} は数値で指定してください` })
    .int(`${field} は整数で指定してください`)
    .positive(`${field} は1以上で指定してください`)
    .max(2_147_483_647, `${field} が大きすぎます`);

const seriesParam = z.object({ seriesId: id("seriesId") });
const cacheKey = z.object({ k: z.string().min(1).max(64) });
const optionalId = (field: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), id(field).optional());

const NO_SERIES = "お探しの作品は見つかりませんでした";
const NO_VOLUME = "お探しの巻は見つかりませんでした";

/** Feature calls take a JSON body (POST) or the same fields as a query (GET). */
async function input<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  if (c.req.method === "GET") {
    const parsed = schema.safeParse(c.req.query());
    if (!parsed.success) {
      const { field, message } = describeZodError(parsed.error);
      throw new ApiError(400, message, { field });
    }
    return parsed.data;
  }
  return readJson(c, schema);
}

function viewerOf(c: Context<AppEnv>) {
  return { userId: c.get("member")?.userId ?? null, memberFreeVol: DEFAULT_MEMBER_FREE_VOL };
}

/**
 * The series page calls (spec 001 §7.3 series init/main/each, §7.4 series/books, book_period,
 * series_feature). Shared answers hold no user data; personal ones are the viewer's.
 */
/** The series page answer, assembled in server/pages/series.ts; the router registry hands it in. */
export interface SeriesPages {
  seriesPage(
    db: Db,
    seriesId: number,
    viewer: Viewer,
    opts: { withUserData: boolean },
  ): Promise<{ main: SeriesMain; user: SeriesUserData | null } | null>;
}

export function seriesRoutes(services: AppServices, { seriesPage }: SeriesPages) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/personal/series/:seriesId/init", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    if (!(await seriesExists(db, seriesId))) throw new ApiError(404, NO_SERIES);
    return c.json({
      result: true,
      ...initAnswer(c.get("member") !== null, c.req.header("user-agent"), new Date()),
    });
  });

  routes.post("/personal/series/:seriesId/main", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    const page = await seriesPage(db, seriesId, viewerOf(c), { withUserData: false });
    if (!page) throw new ApiError(404, NO_SERIES);
    return c.json({ result: true, ...page.main });
  });

  routes.get("/shared/series/:seriesId/main", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    readQuery(c, cacheKey);
    // Unknown series are answered before caching, so a 404 is never stored as a success.
    if (!(await seriesExists(db, seriesId))) throw new ApiError(404, NO_SERIES);
    return sharedAnswer(c, services.sharedAnswers, async () => {
      const main = await seriesMain(db, seriesId);
      if (!main) throw new ApiError(404, NO_SERIES);
      return { ...main };
    });
  });

  routes.post("/personal/series/:seriesId/each", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    const member = c.get("member");
    if (!member) {
      if (!(await seriesExists(db, seriesId))) throw new ApiError(404, NO_SERIES);
      return c.json({ result: true, ...SERIES_USER_DEFAULTS });
    }
    const data = await seriesUserData(db, seriesId, member.userId);
    if (!data) throw new ApiError(404, NO_SERIES);
    return c.json({ result: true, ...data });
  });

  const volumeSchema = z.object({
    series: id("series"),
    book: optionalId("book"),
    volume: optionalId("volume"),
  });
  const volume = async (c: Context<AppEnv>) => {
    const q = await input(c, volumeSchema);
    const found = await seriesVolume(
      db,
      { seriesId: q.series, bookId: q.book, volume: q.volume },
      viewerOf(c),
    );
    if (!found) {
      throw new ApiError(404, (await seriesExists(db, q.series)) ? NO_VOLUME : NO_SERIES);
    }
    return c.json({ result: true, ...found });
  };
  routes.post("/series/books", volume);
  routes.get("/series/books", volume);

  const periodSchema = z.object({ series: id("series"), book: id("book") });
  const period = async (c: Context<AppEnv>) => {
    const q = await input(c, periodSchema);
    const found = await bookPeriod(db, { seriesId: q.series, bookId: q.book }, viewerOf(c));
    if (!found) {
      throw new ApiError(404, (await seriesExists(db, q.series)) ? NO_VOLUME : NO_SERIES);
    }
    return c.json({ result: true, ...found });
  };
  routes.post("/book_period", period);
  routes.get("/book_period", period);

  const featureSchema = z.object({ series: id("series") });
  const features = async (c: Context<AppEnv>) => {
    const q = await input(c, featureSchema);
    if (!(await seriesExists(db, q.series))) throw new ApiError(404, NO_SERIES);
    return c.json({ result: true, features: await seriesFeatures(db, q.series) });
  };
  routes.post("/series_feature", features);
  routes.get("/series_feature", features);

  return routes;
}
