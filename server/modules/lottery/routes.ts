import { Hono } from "hono";
import { z } from "zod";
import type {
  LotteryAnswer,
  LotteryPlayAnswer,
  LotteryPrizeView,
  LotteryStatus,
  LotteryStatusAnswer,
  LotteryView,
  PlayConditionType,
} from "../../../contract/lottery";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import { sanitizeTopicHtml } from "../../../contract/topic-html";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields, readParams } from "../../lib/input";
import { requireMember } from "../../lib/member";
import type { Lottery } from "./schema";
import {
  findLottery,
  lotteryPrizeList,
  type PrizeContent,
  play,
  playRight,
  REFUSAL_MESSAGES,
} from "./service";

const LOTTERY_LOGIN = "抽選にはログインが必要です";

const nameParam = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/, "name は英小文字・数字・_・- の64文字以内で指定してください"),
});
const playInput = z.object({
  condition_type: z.coerce
    .number({ message: "condition_type は1〜3で指定してください" })
    .int("condition_type は1〜3で指定してください")
    .min(1, "condition_type は1〜3で指定してください")
    .max(3, "condition_type は1〜3で指定してください"),
});

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

/** /api/lottery, /api/lottery/{name} (+ /status, /play). The page is public; playing is not. */
export function lotteryRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const page = async (name: string | undefined) => lotteryAnswer(db, name, new Date());
  routes.on(["GET", "POST"], "/lottery", async (c) => c.json(await page(undefined)));
  routes.on(["GET", "POST"], "/lottery/:name", async (c) =>
    c.json(await page(readParams(c, nameParam).name)),
  );

  routes.on(["GET", "POST"], "/lottery/:name/status", async (c) => {
    const member = requireMember(c, LOTTERY_LOGIN);
    const { name } = readParams(c, nameParam);
    const now = new Date();
    const lottery = await findLottery(db, name, now);
    return c.json({
      result: true,
      status: await lotteryStatus(db, lottery, member.userId, now),
    } satisfies LotteryStatusAnswer);
  });

  routes.post("/lottery/:name/play", async (c) => {
    const member = requireMember(c, LOTTERY_LOGIN);
    const { name } = readParams(c, nameParam);
    const { condition_type } = await readFields(c, playInput);
    const now = new Date();
    const result = await play(db, {
      name,
      userId: member.userId,
      conditionType: condition_type,
      now,
    });
    const lottery = await findLottery(db, name, now);
    return c.json({
      result: true,
      prize: result.prize ? prizeView(result.prize) : null,
      present_id: result.presentId,
      status: await lotteryStatus(db, lottery, member.userId, now),
    } satisfies LotteryPlayAnswer);
  });

  return routes;
}
