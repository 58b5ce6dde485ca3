import { Hono } from "hono";
import { z } from "zod";
import type { LotteryPlayAnswer, LotteryStatusAnswer } from "../../../contract/lottery";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields, readParams } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { lotteryAnswer, lotteryStatus, prizeView } from "./answers";
import { findLottery, play } from "./service";

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
