import type { LotteryAnswer, LotteryStatus } from "../../contract/lottery";
import type { Db } from "../db/client";
import { lotteryAnswer, lotteryStatus } from "../modules/lottery/answers";
import { findLottery } from "../modules/lottery/service";

export interface LotteryPageData extends LotteryAnswer {
  /** null for visitors, who are asked to log in. */
  status: LotteryStatus | null;
}

/** /lottery/{name}: the same answers as /api/lottery/{name} and, for members, its /status. */
export async function lotteryPage(
  db: Db,
  name: string | undefined,
  memberId: number | null,
  now = new Date(),
): Promise<LotteryPageData> {
  const answer = await lotteryAnswer(db, name, now);
  if (memberId === null) return { ...answer, status: null };
  const lottery = await findLottery(db, answer.lottery.name, now);
  return { ...answer, status: await lotteryStatus(db, lottery, memberId, now) };
}
