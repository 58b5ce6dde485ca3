import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  bookshelfCdInput,
  bookshelfInput,
  bookshelfLockInput,
  bookshelfSeriesInput,
  bookshelfUnlockInput,
} from "../../../contract/bookshelf";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError } from "../../lib/errors";
import { readFields, readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import {
  bookshelfCds,
  bookshelfPage,
  clearRecentlyChecked,
  hideSeries,
  recentlyChecked,
  removeFreeSeries,
  revealSeries,
  setBookshelfLock,
  unlockBookshelf,
} from "./service";

const SHELF_LOGIN = "本棚をご覧になるにはログインしてください";
/**
 * Passcode tries per member in 15 minutes before the lock refuses to open: four digits are few,
 * so every try is counted before it is checked (decision 0050) and a right one is given back.
 */
const PASSCODE_TRIES: LimitRule = {
  name: "bookshelf-passcode",
  points: 5,
  windowSeconds: 15 * 60,
};

/**
 * The bookshelf (spec 001 §7.4 /api/bookshelf, /api/bookshelf/doramacd), its edit mode, 本棚ロック,
 * and 最近チェックしたマンガ (/api/recently/books, /api/series_view/clear). Members only.
 */
export function bookshelfRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  const { db, limiter } = services;

  const shelf = async (c: Context<AppEnv>) => {
    const userId = requireMember(c, SHELF_LOGIN).userId;
    const query = await readFields(c, bookshelfInput);
    return c.json({ result: true, ...(await bookshelfPage(db, userId, query, new Date())) });
  };
  routes.post("/bookshelf", shelf);
  routes.get("/bookshelf", shelf);

  const cds = async (c: Context<AppEnv>) => {
    const userId = requireMember(c, SHELF_LOGIN).userId;
    const query = await readFields(c, bookshelfCdInput);
    return c.json({ result: true, ...(await bookshelfCds(db, userId, query, new Date())) });
  };
  routes.post("/bookshelf/doramacd", cds);
  routes.get("/bookshelf/doramacd", cds);

  routes.post("/bookshelf/hide", async (c) => {
    const userId = requireMember(c, SHELF_LOGIN).userId;
    const { series } = await readJson(c, bookshelfSeriesInput);
    await hideSeries(db, userId, series, new Date());
    return c.json({ result: true });
  });
  routes.post("/bookshelf/reveal", async (c) => {
    const userId = requireMember(c, SHELF_LOGIN).userId;
    const { series } = await readJson(c, bookshelfSeriesInput);
    await revealSeries(db, userId, series);
    return c.json({ result: true });
  });
  routes.post("/bookshelf/remove", async (c) => {
    const userId = requireMember(c, SHELF_LOGIN).userId;
    const { series } = await readJson(c, bookshelfSeriesInput);
    await removeFreeSeries(db, userId, series, new Date());
    return c.json({ result: true });
  });

  const guarded = async <T>(c: Context<AppEnv>, userId: number, attempt: () => Promise<T>) => {
    const key = String(userId);
    await throttle(
      c,
      limiter,
      PASSCODE_TRIES,
      key,
      "暗証番号の入力回数が上限に達しました。しばらくしてからお試しください",
    );
    try {
      const result = await attempt();
      await limiter.refund(PASSCODE_TRIES, key);
      return result;
    } catch (error) {
      // Only a wrong passcode (403) keeps its count: a bad request was never a guess.
      if (!(error instanceof ApiError && error.status === 403)) {
        await limiter.refund(PASSCODE_TRIES, key);
      }
      throw error;
    }
  };
  routes.post("/bookshelf/lock", async (c) => {
    const userId = requireMember(c, SHELF_LOGIN).userId;
    const input = await readJson(c, bookshelfLockInput);
    const enabled = await guarded(c, userId, () => setBookshelfLock(db, userId, input, new Date()));
    return c.json({ result: true, lock_enabled: enabled });
  });
  routes.post("/bookshelf/unlock", async (c) => {
    const userId = requireMember(c, SHELF_LOGIN).userId;
    const { passcode } = await readJson(c, bookshelfUnlockInput);
    await guarded(c, userId, () => unlockBookshelf(db, userId, passcode, new Date()));
    return c.json({ result: true });
  });

  const recently = async (c: Context<AppEnv>) => {
    const userId = requireMember(c).userId;
    await readFields(c, z.object({}));
    return c.json({ result: true, books: await recentlyChecked(db, userId) });
  };
  routes.post("/recently/books", recently);
  routes.get("/recently/books", recently);

  routes.post("/series_view/clear", async (c) => {
    const userId = requireMember(c).userId;
    await readJson(c, z.object({}));
    await clearRecentlyChecked(db, userId, new Date());
    return c.json({ result: true });
  });
  return routes;
}
