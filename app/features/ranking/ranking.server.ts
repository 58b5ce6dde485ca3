import type { AppLoadContext } from "react-router";
import { rankingOfAddress, rankingPage } from "../../../server/pages/ranking";

type Ranking = ReturnType<typeof rankingOfAddress>;

export interface RankingPage {
  answer: Awaited<ReturnType<typeof rankingPage>>;
  tp: Ranking["tp"];
  genre: number;
}

/** /ranking and /free_ranking: the ranking the address asks for, as /api/personal/ranking answers. */
export async function loadRankingPage(
  context: AppLoadContext,
  request: Request,
  pagetype: Ranking["pagetype"],
): Promise<RankingPage> {
  const q = rankingOfAddress(new URL(request.url).searchParams, pagetype);
  const answer = await rankingPage(context.services.db, q, context.request.member?.userId ?? null);
  return { answer, tp: q.tp, genre: q.genre };
}
