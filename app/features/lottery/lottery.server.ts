import type { AppLoadContext } from "react-router";
import type { LotteryAnswer, LotteryStatus } from "../../../contract/lottery";
import { lotteryAnswer, lotteryStatus } from "../../../server/modules/lottery/routes";
import { findLottery } from "../../../server/modules/lottery/service";
import { orPageFailure } from "../../lib/page-failure.server";

export interface LotteryPageData extends LotteryAnswer {
  /** null for visitors, who are asked to log in. */
  status: LotteryStatus | null;
}

/** /lottery/{name}: the same answers as /api/lottery/{name} and, for members, its /status. */
export function loadLottery(
  context: AppLoadContext,
  name: string | undefined,
): Promise<LotteryPageData> {
  const { db } = context.services;
  const member = context.request.member;
  const now = new Date();
  return orPageFailure(async () => {
    const answer = await lotteryAnswer(db, name, now);
    const lottery = await findLottery(db, answer.lottery.name, now);
    return {
      ...answer,
      status: member ? await lotteryStatus(db, lottery, member.userId, now) : null,
    };
  });
}
