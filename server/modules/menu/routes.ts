import { type Context, Hono } from "hono";
import { z } from "zod";
import { readJson, readQuery } from "../../http/api-error";
import type { AppEnv, AppServices } from "../../http/context";
import { sharedAnswer } from "../../http/shared-answers";
import { freeAndSaleCount } from "../campaign/service";
import { browseLists } from "../catalog/service";
import { hotWordsOfGenre } from "../home/service";

const GENRES = [1, 2, 3, 4, 5, 6, 20, 21] as const;
const genre = z.coerce
  .number()
  .int()
  .refine((g) => (GENRES as readonly number[]).includes(g), "ジャンルが正しくありません")
  .default(1);

/** The drawer's browse menu (spec 001 §2.4, §3 "Menu"): the same for everybody, so shareable. */
async function menu(services: AppServices, genreId: number) {
  const [lists, hotword, freeAndSale] = await Promise.all([
    browseLists(services.db),
    hotWordsOfGenre(services.db, genreId),
    freeAndSaleCount(services.db, new Date()),
  ]);
  return { ...lists, hotword, free_and_sale_count: freeAndSale };
}

export function menuRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  routes.post("/personal/menu", async (c: Context<AppEnv>) => {
    const input = await readJson(c, z.object({ genre }));
    return c.json({ result: true, ...(await menu(services, input.genre)) });
  });
  routes.get("/shared/menu", async (c) => {
    const input = readQuery(c, z.object({ k: z.string().min(1).max(64), genre }));
    return sharedAnswer(c, services.sharedAnswers, () => menu(services, input.genre));
  });
  return routes;
}
