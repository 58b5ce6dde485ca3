import { isGenreId } from "../../contract/genres";
import type { Db } from "../db/client";
import { withMemberFlags } from "../modules/commerce/member-flags";
import {
  RANKING_DEFAULTS,
  type RankingAnswer,
  type RankingPagetype,
  type RankingQuery,
  rankingList,
} from "../modules/ranking/service";

/**
 * A ranking as the viewer sees it, their flags on the cards: POST /api/personal/ranking/... and
 * the /ranking and /free_ranking loaders answer from here.
 */
export async function rankingPage(
  db: Db,
  q: RankingQuery,
  memberId: number | null,
): Promise<RankingAnswer> {
  const answer = await rankingList(db, q);
  if (memberId === null) return answer;
  return { ...answer, data: await withMemberFlags(db, memberId, answer.data) };
}

/** The ranking a page's address asks for: tp and genre, spec 000 §9 defaults otherwise. */
export function rankingOfAddress(params: URLSearchParams, pagetype: RankingPagetype) {
  const tpValue = Number(params.get("tp"));
  const tp = tpValue === 1 || tpValue === 2 || tpValue === 3 ? tpValue : RANKING_DEFAULTS.tp;
  const genreValue = Number(params.get("genre"));
  const genre = isGenreId(genreValue) ? genreValue : RANKING_DEFAULTS.genre;
  return { pagetype, tp, genre, ln: RANKING_DEFAULTS.ln } satisfies RankingQuery;
}
