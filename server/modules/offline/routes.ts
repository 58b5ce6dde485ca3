import { Hono } from "hono";
import { z } from "zod";
import { recordId } from "../../../contract/input";
import { offlineBooksQuery } from "../../../contract/offline";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError, NotFound } from "../../lib/errors";
import { readParams, readQuery } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { downloadableBooks, offlineKey, offlineVolume } from "./service";

const OFFLINE_SIGN_IN = "オフラインで読むにはログインしてください";

/**
 * Offline reading (decision 0117). All three answers are the member's own: never kept by a
 * shared cache, nor by the browser's (the key least of all).
 */
export function offlineRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/personal/offline/key", (c) => {
    const userId = requireMember(c, OFFLINE_SIGN_IN).userId;
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, ...offlineKey(services.sessionSecret, userId) });
  });

  routes.get("/personal/offline/books", async (c) => {
    const userId = requireMember(c, OFFLINE_SIGN_IN).userId;
    const { books } = readQuery(c, offlineBooksQuery);
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, downloadable: await downloadableBooks(db, userId, books) });
  });

  routes.get("/personal/offline/books/:bookId", async (c) => {
    const userId = requireMember(c, OFFLINE_SIGN_IN).userId;
    const { bookId } = readParams(c, z.object({ bookId: recordId("bookId") }));
    const found = await offlineVolume(db, userId, bookId);
    if (!found.ok && found.reason === "not-found") throw new NotFound("作品が見つかりませんでした");
    if (!found.ok) throw new ApiError(403, "ダウンロードできるのは購入済みの巻だけです");
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, ...found.volume });
  });

  return routes;
}
