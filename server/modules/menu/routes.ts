import { type Context, Hono } from "hono";
import { z } from "zod";
import { GENRE_IDS } from "../../../contract/genres";
import { oneOfNumbers } from "../../../contract/input";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readQuery } from "../../lib/input";
import { sharedAnswer } from "../../lib/shared-answers";
import { menuAnswer } from "./service";

const genre = oneOfNumbers(GENRE_IDS, "ジャンルが正しくありません").default(1);

/** The menu (spec 001 §2.4, §3 "Menu") is the same for everybody, so it has a shared form too. */
export function menuRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  routes.post("/personal/menu", async (c: Context<AppEnv>) => {
    const input = await readJson(c, z.object({ genre }));
    return c.json({ result: true, ...(await menuAnswer(services.db, input.genre)) });
  });
  routes.get("/shared/menu", async (c) => {
    const input = readQuery(c, z.object({ k: z.string().min(1).max(64), genre }));
    return sharedAnswer(c, services.sharedAnswers, async () => ({
      ...(await menuAnswer(services.db, input.genre)),
    }));
  });
  return routes;
}
