import { type Context, Hono } from "hono";
import { z } from "zod";
import { isGenreId } from "../../../contract/genres";
import type { HomeAnswer, HomeContentAnswer } from "../../../contract/home";
import type { Db } from "../../db/client";
import { ApiError, readJson, readParams, readQuery } from "../../http/api-error";
import type { AppEnv, AppServices } from "../../lib/context";
import { sharedAnswer } from "../../lib/shared-answers";
import { genreList } from "../catalog/series-lookups";
import { memberItems } from "../library/member-flags";
import { flickBannersOf } from "./home-page";

const genre = z.coerce.number().int().refine(isGenreId, "ジャンルが正しくありません").default(1);
const pagetype = z.coerce.number().int().min(1).max(2).default(1);
const sectionParams = z.object({
  layoutId: z.coerce.number().int().positive().max(2_147_483_647),
  num: z.coerce.number().int().min(1).max(100),
  page: z.coerce.number().int().min(1).max(1000),
});
const itemIds = z.array(z.number().int().positive().max(2_147_483_647)).max(500);

/** The home answers, assembled in server/pages/home.ts; the router registry hands them in. */
export interface HomePages {
  homePage(db: Db, genre: number, pagetype: number, now: Date): Promise<HomeAnswer>;
  homeSection(
    db: Db,
    layoutId: number,
    num: number,
    page: number,
    memberId: number | null,
    now: Date,
  ): Promise<Omit<HomeContentAnswer, "cache"> | null>;
}

async function section(
  services: AppServices,
  { homeSection }: HomePages,
  params: z.infer<typeof sectionParams>,
  memberId: number | null,
) {
  const answer = await homeSection(
    services.db,
    params.layoutId,
    params.num,
    params.page,
    memberId,
    new Date(),
  );
  if (!answer) throw new ApiError(404, "このコンテンツは公開されていません");
  return answer;
}

/**
 * The home page's calls (spec 000 §4, spec 001 §7.2–7.3): the section list, each section's
 * content (personal, or shared with k in cache mode), the user's lists that set card flags, the
 * init calls, favourites and notifications, the viewing history and the tracking events.
 */
export function homeRoutes(services: AppServices, pages: HomePages) {
  const routes = new Hono<AppEnv>();
  const memberId = (c: Context<AppEnv>) => c.get("member")?.userId ?? null;

  routes.post("/home", async (c) => {
    const input = await readJson(c, z.object({ genre, pagetype }));
    return c.json({
      result: true,
      ...(await pages.homePage(services.db, input.genre, input.pagetype, new Date())),
    });
  });

  routes.post("/personal/home/:layoutId/:num/:page", async (c) => {
    const params = readParams(c, sectionParams);
    return c.json({
      result: true,
      ...(await section(services, pages, params, memberId(c))),
      cache: false,
    });
  });

  routes.get("/shared/home/:layoutId/:num/:page", async (c) => {
    const params = readParams(c, sectionParams);
    readQuery(c, z.object({ k: z.string().min(1).max(64) }));
    return sharedAnswer(c, services.sharedAnswers, async () => ({
      ...(await section(services, pages, params, null)),
      cache: true,
    }));
  });

  // The store action "home content {id, num}" of spec 000 §7, for pages other than home.
  routes.post("/home_content", async (c) => {
    const input = await readJson(
      c,
      z.object({
        id: sectionParams.shape.layoutId,
        num: sectionParams.shape.num,
        page: sectionParams.shape.page.default(1),
      }),
    );
    const params = { layoutId: input.id, num: input.num, page: input.page };
    return c.json({
      result: true,
      ...(await section(services, pages, params, memberId(c))),
      cache: false,
    });
  });

  routes.post("/home_carousel", async (c) => {
    const input = await readJson(c, z.object({ genre }));
    return c.json({
      result: true,
      flick_banner: await flickBannersOf(services.db, input.genre, new Date()),
    });
  });

  const genres = async (c: Context<AppEnv>) =>
    c.json({ result: true, genre: await genreList(services.db) });
  routes.get("/genre", genres);
  routes.post("/genre", genres);

  routes.post("/personal/user/items", async (c) => {
    const input = await readJson(c, z.object({ items: itemIds }));
    return c.json({
      result: true,
      ...(await memberItems(services.db, memberId(c), input.items)),
    });
  });

  return routes;
}
