import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { GENRE_IDS } from "../../../contract/genres";
import type { HomeAnswer, HomeContentAnswer } from "../../../contract/home";
import { integerIn, oneOfNumbers, recordId } from "../../../contract/input";
import { INT4_MAX } from "../../../contract/row-id";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readJson, readParams, readQuery } from "../../lib/input";
import { sharedAnswer } from "../../lib/shared-answers";
import { genreList } from "../catalog/series-lookups";
import { memberItems } from "../commerce/member-flags";
import { withReadFlags } from "../news/latest-news";
import { NEWS_READ_COOKIE, readNewsIds } from "../news/read-cookie";
import { flickBannersOf } from "./home-page";

const genre = oneOfNumbers(GENRE_IDS, "ジャンルが正しくありません").default(1);
const pagetype = oneOfNumbers([1, 2], "pagetype は 1 か 2 です").default(1);
const sectionParams = z.object({
  layoutId: recordId("layoutId"),
  num: integerIn(1, 100, "num は1〜100の整数で指定してください"),
  page: integerIn(1, 1000, "page は1〜1000の整数で指定してください"),
});
const itemIds = z.array(z.number().int().positive().max(INT4_MAX)).max(500);

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
  if (!answer) throw new NotFound("このコンテンツは公開されていません");
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
    const home = await pages.homePage(services.db, input.genre, input.pagetype, new Date());
    const readIds = readNewsIds(getCookie(c, NEWS_READ_COOKIE));
    return c.json({
      result: true,
      ...home,
      latest_news: withReadFlags(home.latest_news, readIds),
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
