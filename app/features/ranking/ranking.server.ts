import type { AppLoadContext } from "react-router";
import { isGenreId } from "../../../contract/genres";
import { withMemberFlags } from "../../../server/modules/library/member-flags";
import {
  RANKING_DEFAULTS,
  type RankingAnswer,
  type RankingPagetype,
  type RankingType,
  rankingList,
} from "../../../server/modules/ranking/service";

export interface RankingPage {
  answer: RankingAnswer;
  tp: RankingType;
  genre: number;
}

/** /ranking and /free_ranking: tp and genre from the address, spec 000 §9 defaults otherwise. */
export async function loadRankingPage(
  context: AppLoadContext,
  request: Request,
  pagetype: RankingPagetype,
): Promise<RankingPage> {
  const params = new URL(request.url).searchParams;
  const tpValue = Number(params.get("tp"));
  const tp = (
    tpValue === 1 || tpValue === 2 || tpValue === 3 ? tpValue : RANKING_DEFAULTS.tp
  ) as RankingType;
  const genreValue = Number(params.get("genre"));
  const genre = isGenreId(genreValue) ? genreValue : RANKING_DEFAULTS.genre;
  const answer = await rankingList(context.services.db, {
    pagetype,
    tp,
    genre,
    ln: RANKING_DEFAULTS.ln,
  });
  const member = context.request.member;
  if (member) answer.data = await withMemberFlags(context.services.db, member.userId, answer.data);
  return { answer, tp, genre };
}
