import type {
  LotteryAnswer,
  LotteryPrizeView,
  LotteryStatus,
  LotteryView,
  PlayConditionType,
} from "../../../contract/lottery";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import { sanitizeTopicHtml } from "../../../contract/topic-html";
import type { Db } from "../../db/client";
import type { Lottery } from "./schema";
import {
  findLottery,
  lotteryPrizeList,
  type PrizeContent,
  playRight,
  REFUSAL_MESSAGES,
} from "./service";

/** A prize as the lottery page shows it. */
export function prizeView(p: PrizeContent): LotteryPrizeView {
  return {
    name: p.name,
    rank: p.rank ?? null,
    img: p.img ?? null,
    description: p.description ?? null,
    point: p.point ?? 0,
    coupon_id: p.coupon_id ?? null,
    item_id: p.item_id ?? null,
  };
}

/** The page's data: /api/lottery/{name} and the /lottery/{name} loader. */
export async function lotteryAnswer(
  db: Db,
  name: string | undefined,
  now: Date,
): Promise<LotteryAnswer> {
  const lottery = await findLottery(db, name, now);
  const prizes = await lotteryPrizeList(db, lottery.lotteryId);
  const view: LotteryView = {
    name: lottery.name,
    title: lottery.title,
    img: lottery.img,
    // Staff-written markup, cleaned by the one topic sanitiser before it leaves the server.
    upper_page_content: sanitizeTopicHtml(lottery.upperPageContent ?? ""),
    lower_page_content: sanitizeTopicHtml(lottery.lowerPageContent ?? ""),
    share_url: lottery.shareUrl ?? `/lottery/${lottery.name}`,
    start_date: tokyoIsoDate(lottery.startAt),
    end_date: lottery.endAt ? tokyoIsoDate(new Date(lottery.endAt.getTime() - 1)) : null,
    prizes: prizes.map(prizeView),
  };
  return { result: true, lottery: view };
}

/** Whether this member may play now, and why not: /api/lottery/{name}/status. */
export async function lotteryStatus(
  db: Db,
  lottery: Lottery,
  userId: number,
  now: Date,
): Promise<LotteryStatus> {
  const right = await playRight(db, lottery, userId, now);
  return {
    play_condition_type: lottery.playConditionType as PlayConditionType,
    can_play: right.playKey !== null,
    message: right.refusal ? REFUSAL_MESSAGES[right.refusal] : null,
  };
}
