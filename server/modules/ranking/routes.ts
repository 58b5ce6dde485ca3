import { Hono } from "hono";
import { z } from "zod";
import { GENRE_IDS } from "../../../contract/genres";
import { readParams, readQuery } from "../../http/api-error";
import type { AppEnv, AppServices } from "../../lib/context";
import { sharedAnswer } from "../../lib/shared-answers";
import { withMemberFlags } from "../library/member-flags";
import { RANKING_DEPTH, type RankingPagetype, type RankingType, rankingList } from "./service";

const oneOf = (values: readonly number[], message: string) =>
  z.coerce.number({ message }).refine((n) => values.includes(n), message);

export const rankingParamsSchema = z.object({
  pagetype: oneOf([1, 2], "pagetype は 1 か 2 です").transform((n) => n as RankingPagetype),
  tp: oneOf([1, 2, 3], "tp は 1（デイリー）, 2（週間）, 3（月間）のいずれかです").transform(
    (n) => n as RankingType,
  ),
  genre: oneOf(GENRE_IDS, "ジャンルが正しくありません"),
  ln: z.coerce
    .number({ message: "件数が正しくありません" })
    .int("件数が正しくありません")
    .min(1, "件数は1以上です")
    .max(RANKING_DEPTH, `件数は${RANKING_DEPTH}以下です`),
});

/**
 * Rankings (spec 001 §7.3): the personal call carries the member's flags; the shared one is the
 * same list for everybody, cached by key.
 */
export function rankingRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  const path = "/ranking/:pagetype/:tp/:genre/:ln";
  routes.post(`/personal${path}`, async (c) => {
    const q = readParams(c, rankingParamsSchema);
    const answer = await rankingList(services.db, q);
    const member = c.get("member");
    const data = member
      ? await withMemberFlags(services.db, member.userId, answer.data)
      : answer.data;
    return c.json({ result: true, ...answer, data });
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
