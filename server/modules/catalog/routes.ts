import { type Context, Hono } from "hono";
import { z } from "zod";
import { blankToUndefined, recordId } from "../../../contract/input";
import type { FeatureItem } from "../../../contract/items";
import {
  type BookPeriod,
  DEFAULT_MEMBER_FREE_VOL,
  SERIES_USER_DEFAULTS,
  type SeriesMain,
  type SeriesUserData,
  type VolumeAnswer,
} from "../../../contract/series";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { initAnswer } from "../../lib/init-answer";
import { readFields, readParams, readQuery } from "../../lib/input";
import { sharedAnswer } from "../../lib/shared-answers";
import { seriesExists } from "./series-record";

const seriesParam = z.object({ seriesId: recordId("seriesId") });
const cacheKey = z.object({ k: z.string().min(1).max(64) });
const optionalId = (field: string) => z.preprocess(blankToUndefined, recordId(field).optional());

const NO_SERIES = "お探しの作品は見つかりませんでした";
const NO_VOLUME = "お探しの巻は見つかりませんでした";

function viewerOf(c: Context<AppEnv>) {
  return { userId: c.get("member")?.userId ?? null, memberFreeVol: DEFAULT_MEMBER_FREE_VOL };
}

/**
 * The series page calls (spec 001 §7.3 series init/main/each, §7.4 series/books, book_period,
 * series_feature). Shared answers hold no user data; personal ones are the viewer's.
 */
/** Who looks at a series page: a member's id, or null for a visitor. */
interface SeriesViewer {
  userId: number | null;
  memberFreeVol?: number;
}

/**
 * The series page's answers, assembled in server/pages/series.ts and series-answers.ts from
 * several modules; the router registry hands them in.
 */
export interface SeriesPages {
  seriesPage(
    db: Db,
    seriesId: number,
    viewer: SeriesViewer,
    opts: { withUserData: boolean },
  ): Promise<{ main: SeriesMain; user: SeriesUserData | null } | null>;
  seriesMain(db: Db, seriesId: number): Promise<SeriesMain | null>;
  seriesUserData(db: Db, seriesId: number, userId: number): Promise<SeriesUserData | null>;
  seriesVolume(
    db: Db,
    query: { seriesId: number; bookId?: number | null; volume?: number | null },
    viewer: SeriesViewer,
  ): Promise<VolumeAnswer | null>;
  bookPeriod(
    db: Db,
    query: { seriesId: number; bookId: number },
    viewer: SeriesViewer,
  ): Promise<BookPeriod | null>;
  seriesFeatures(db: Db, seriesId: number): Promise<FeatureItem[]>;
}

export function seriesRoutes(services: AppServices, pages: SeriesPages) {
  const { seriesPage, seriesMain, seriesUserData, seriesVolume, bookPeriod, seriesFeatures } =
    pages;
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/personal/series/:seriesId/init", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    if (!(await seriesExists(db, seriesId))) throw new NotFound(NO_SERIES);
    return c.json({
      result: true,
      ...initAnswer(c.get("member") !== null, c.req.header("user-agent"), new Date()),
    });
  });

  routes.post("/personal/series/:seriesId/main", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    const page = await seriesPage(db, seriesId, viewerOf(c), { withUserData: false });
    if (!page) throw new NotFound(NO_SERIES);
    return c.json({ result: true, ...page.main });
  });

  routes.get("/shared/series/:seriesId/main", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    readQuery(c, cacheKey);
    // Unknown series are answered before caching, so a 404 is never stored as a success.
    if (!(await seriesExists(db, seriesId))) throw new NotFound(NO_SERIES);
    return sharedAnswer(c, services.sharedAnswers, async () => {
      const main = await seriesMain(db, seriesId);
      if (!main) throw new NotFound(NO_SERIES);
      return { ...main };
    });
  });

  routes.post("/personal/series/:seriesId/each", async (c) => {
    const { seriesId } = readParams(c, seriesParam);
    const member = c.get("member");
    if (!member) {
      if (!(await seriesExists(db, seriesId))) throw new NotFound(NO_SERIES);
      return c.json({ result: true, ...SERIES_USER_DEFAULTS });
    }
    const data = await seriesUserData(db, seriesId, member.userId);
    if (!data) throw new NotFound(NO_SERIES);
    return c.json({ result: true, ...data });
  });

  const volumeSchema = z.object({
    series: recordId("series"),
    book: optionalId("book"),
    volume: optionalId("volume"),
  });
  const volume = async (c: Context<AppEnv>) => {
    const q = await readFields(c, volumeSchema);
    const found = await seriesVolume(
      db,
      { seriesId: q.series, bookId: q.book, volume: q.volume },
      viewerOf(c),
    );
    if (!found) {
      throw new NotFound((await seriesExists(db, q.series)) ? NO_VOLUME : NO_SERIES);
    }
    return c.json({ result: true, ...found });
  };
  routes.post("/series/books", volume);
  routes.get("/series/books", volume);

  const periodSchema = z.object({ series: recordId("series"), book: recordId("book") });
  const period = async (c: Context<AppEnv>) => {
    const q = await readFields(c, periodSchema);
    const found = await bookPeriod(db, { seriesId: q.series, bookId: q.book }, viewerOf(c));
    if (!found) {
      throw new NotFound((await seriesExists(db, q.series)) ? NO_VOLUME : NO_SERIES);
    }
    return c.json({ result: true, ...found });
  };
  routes.post("/book_period", period);
  routes.get("/book_period", period);

  const featureSchema = z.object({ series: recordId("series") });
  const features = async (c: Context<AppEnv>) => {
    const q = await readFields(c, featureSchema);
    if (!(await seriesExists(db, q.series))) throw new NotFound(NO_SERIES);
    return c.json({ result: true, features: await seriesFeatures(db, q.series) });
  };
  routes.post("/series_feature", features);
  routes.get("/series_feature", features);

  return routes;
}
