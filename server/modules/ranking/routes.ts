import { Hono } from "hono";
import { z } from "zod";
import { GENRE_IDS } from "../../../contract/genres";
import { integerIn, oneOfNumbers } from "../../../contract/input";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { readParams, readQuery } from "../../lib/input";
import { sharedAnswer } from "../../lib/shared-answers";
import {
  RANKING_DEPTH,
  type RankingAnswer,
  type RankingPagetype,
  type RankingQuery,
  type RankingType,
  rankingList,
} from "./service";

export const rankingParamsSchema = z.object({
  pagetype: oneOfNumbers([1, 2], "pagetype は 1 か 2 です").transform((n) => n as RankingPagetype),
  tp: oneOfNumbers([1, 2, 3], "tp は 1（デイリー）, 2（週間）, 3（月間）のいずれかです").transform(
    (n) => n as RankingType,
  ),
  genre: oneOfNumbers(GENRE_IDS, "ジャンルが正しくありません"),
  ln: integerIn(1, RANKING_DEPTH, `件数は1〜${RANKING_DEPTH}の整数で指定してください`),
});

/**
 * Rankings (spec 001 §7.3): the personal call carries the member's flags; the shared one is the
 * same list for everybody, cached by key.
 */
/** The personal ranking, assembled in server/pages/ranking.ts; the router registry hands it in. */
export interface RankingPages {
  rankingPage(db: Db, q: RankingQuery, memberId: number | null): Promise<RankingAnswer>;
}

export function rankingRoutes(services: AppServices, { rankingPage }: RankingPages) {
  const routes = new Hono<AppEnv>();
  const path = "/ranking/:pagetype/:tp/:genre/:ln";
  routes.post(`/personal${path}`, async (c) => {
    const q = readParams(c, rankingParamsSchema);
    const answer = await rankingPage(services.db, q, c.get("member")?.userId ?? null);
    return c.json({ result: true, ...answer });
  });
  routes.get(`/shared${path}`, async (c) => {
    const q = readParams(c, rankingParamsSchema);
    readQuery(c, z.object({ k: z.string().min(1).max(64) }));
    return sharedAnswer(c, services.sharedAnswers, async () => ({
      ...(await rankingList(services.db, q)),
    }));
  });
  return routes;
}
