import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import { Conflict, Ended, NotFound } from "../../lib/errors";
import { itemSaleFacts } from "../catalog/service";
import { paidOrderIdsSince } from "../commerce/orders";
import { type NewPresent, putInPresentBox } from "../commerce/presents";
import { type Lottery, lotteries, lotteryPlays, lotteryPrizes } from "./schema";

export const PLAY_ONCE_A_DAY = 1;
export const PLAY_ONCE_PER_PERIOD = 2;
export const PLAY_ONCE_PER_PURCHASE = 3;

/** Days a lottery prize waits in the present box before it is dropped. */
export const LOTTERY_PRESENT_DAYS = 30;

/**
 * What a prize row's JSON may hold. A prize gives points, a coupon or a volume (item), at most one;
 * a prize with none of them is a blank (はずれ).
 */
export const prizeShape = z.object({
  name: z.string(),
  rank: z.number().int().optional(),
  img: z.string().optional(),
  description: z.string().optional(),
  point: z.number().int().min(0).optional(),
  coupon_id: z.number().int().positive().optional(),
  item_id: z.number().int().positive().optional(),
});
export type PrizeContent = z.infer<typeof prizeShape>;

export interface DrawablePrize {
  prizeId: number;
  weight: number;
}

/**
 * The configured odds: each prize with stock left wins with weight / sum(weight). roll is a whole
 * number in [0, sum(weight)); the prizes are taken in their listed order.
 */
export function pickPrize<T extends DrawablePrize>(prizes: readonly T[], roll: number): T | null {
  let rest = roll;
  for (const prize of prizes) {
    if (rest < prize.weight) return prize;
    rest -= prize.weight;
  }
  return null;
}

export const totalWeight = (prizes: readonly DrawablePrize[]) =>
  prizes.reduce((sum, p) => sum + p.weight, 0);

export function isRunning(lottery: Lottery, now: Date): boolean {
  return lottery.startAt <= now && (lottery.endAt === null || now < lottery.endAt);
}

/** /lottery with no name shows the lottery that started last among those running. */
export async function findLottery(db: Db, name: string | undefined, now: Date): Promise<Lottery> {
  const [row] = name
    ? await db.select().from(lotteries).where(eq(lotteries.name, name))
    : await db
        .select()
        .from(lotteries)
        .where(
          and(lte(lotteries.startAt, now), or(isNull(lotteries.endAt), gt(lotteries.endAt, now))),
        )
        .orderBy(desc(lotteries.startAt))
        .limit(1);
  if (!row || row.startAt > now) throw new NotFound("くじが見つかりませんでした");
  return row;
}

export type PlayRefusal = "ended" | "played_today" | "played" | "no_purchase";

export const REFUSAL_MESSAGES: Record<PlayRefusal, string> = {
  ended: "このくじは終了しました",
  played_today: "本日はすでに抽選済みです。また明日ご参加ください",
  played: "このくじはすでに抽選済みです",
  no_purchase: "作品を購入すると抽選できます",
};

export interface PlayRight {
  /** The right the next play would use, or why there is none. */
  playKey: string | null;
  refusal: PlayRefusal | null;
}

/**
 * Whether the member may play now and with which right: once per Tokyo day, once in the period,
 * or once per paid order placed in the lottery period (the oldest order not yet played on).
 */
export async function playRight(
  db: Db,
  lottery: Lottery,
  userId: number,
  now: Date,
): Promise<PlayRight> {
  if (!isRunning(lottery, now)) return { playKey: null, refusal: "ended" };
  const used = async (playKey: string) =>
    (
      await db
        .select({ id: lotteryPlays.lotteryPlayId })
        .from(lotteryPlays)
        .where(
          and(
            eq(lotteryPlays.lotteryId, lottery.lotteryId),
            eq(lotteryPlays.userId, userId),
            eq(lotteryPlays.playKey, playKey),
          ),
        )
    ).length > 0;
  if (lottery.playConditionType === PLAY_ONCE_PER_PERIOD) {
    return (await used("period"))
      ? { playKey: null, refusal: "played" }
      : { playKey: "period", refusal: null };
  }
  if (lottery.playConditionType === PLAY_ONCE_PER_PURCHASE) {
    const orderIds = await paidOrderIdsSince(db, userId, lottery.startAt);
    const played = new Set(
      (
        await db
          .select({ playKey: lotteryPlays.playKey })
          .from(lotteryPlays)
          .where(
            and(eq(lotteryPlays.lotteryId, lottery.lotteryId), eq(lotteryPlays.userId, userId)),
          )
      ).map((p) => p.playKey),
    );
    const orderId = orderIds.find((id) => !played.has(`order:${id}`));
    return orderId
      ? { playKey: `order:${orderId}`, refusal: null }
      : { playKey: null, refusal: "no_purchase" };
  }
  const today = tokyoIsoDate(now);
  return (await used(today))
    ? { playKey: null, refusal: "played_today" }
    : { playKey: today, refusal: null };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

export interface PlayResult {
  prizeId: number | null;
  prize: PrizeContent | null;
  presentId: number | null;
}

/**
 * One play, decided here and nowhere else, in one transaction: the play right is recorded first
 * (its unique key refuses a second play on the same right, even at the same instant), a prize is
 * drawn among those with stock and its stock taken by a conditional update (stock > 0), so stock
 * never goes below 0 and no more prizes are given than stocked; a prize whose last piece another
 * play took meanwhile is dropped and the draw repeated. The prize goes to the present box.
 */
export async function play(
  db: Db,
  input: {
    name: string | undefined;
    userId: number;
    conditionType: number;
    now: Date;
    roll?: (bound: number) => number;
  },
): Promise<PlayResult> {
  const { userId, now } = input;
  const roll = input.roll ?? ((bound: number) => randomInt(bound));
  const lottery = await findLottery(db, input.name, now);
  if (input.conditionType !== lottery.playConditionType) {
    throw new Conflict("抽選の条件が変わりました。ページを読み込み直してください");
  }
  try {
    return await db.transaction(async (tx) => {
      const right = await playRight(tx, lottery, userId, now);
      if (!right.playKey) {
        const message = REFUSAL_MESSAGES[right.refusal!];
        throw right.refusal === "ended" ? new Ended(message) : new Conflict(message);
      }
      const [played] = await tx
        .insert(lotteryPlays)
        .values({
          lotteryId: lottery.lotteryId,
          userId,
          conditionType: lottery.playConditionType,
          playKey: right.playKey,
          playedAt: now,
        })
        .returning({ id: lotteryPlays.lotteryPlayId });
      const won = await drawAndTakeStock(tx, lottery.lotteryId, roll);
      if (!won) return { prizeId: null, prize: null, presentId: null };
      await tx
        .update(lotteryPlays)
        .set({ prizeId: won.prizeId })
        .where(eq(lotteryPlays.lotteryPlayId, played!.id));
      const presentId = await deliverPrize(tx, userId, lottery, won.content, now);
      return { prizeId: won.prizeId, prize: won.content, presentId };
    });
  } catch (error) {
    // A simultaneous play on the same right committed first.
    if (isUniqueViolation(error)) {
      throw new Conflict(
        REFUSAL_MESSAGES[lottery.playConditionType === PLAY_ONCE_A_DAY ? "played_today" : "played"],
      );
    }
    throw error;
  }
}

async function drawAndTakeStock(
  tx: Tx,
  lotteryId: number,
  roll: (bound: number) => number,
): Promise<{ prizeId: number; content: PrizeContent } | null> {
  const lost = new Set<number>();
  for (;;) {
    const left = (
      await tx
        .select()
        .from(lotteryPrizes)
        .where(
          and(
            eq(lotteryPrizes.lotteryId, lotteryId),
            or(isNull(lotteryPrizes.stock), gt(lotteryPrizes.stock, 0)),
          ),
        )
        .orderBy(asc(lotteryPrizes.position), asc(lotteryPrizes.prizeId))
        // Draws never wait for each other (taking stock is a plain update), but an editor's save
        // (editing.ts) waits for this draw and this draw for a save under way: the prizes it
        // reads are never deleted or rewritten before it commits.
        .for("key share")
    ).filter((p) => !lost.has(p.prizeId));
    const sum = totalWeight(left);
    if (sum === 0) return null;
    const picked = pickPrize(left, roll(sum))!;
    if (picked.stock !== null) {
      const taken = await tx
        .update(lotteryPrizes)
        .set({ stock: sql`${lotteryPrizes.stock} - 1` })
        .where(and(eq(lotteryPrizes.prizeId, picked.prizeId), gt(lotteryPrizes.stock, 0)))
        .returning({ id: lotteryPrizes.prizeId });
      if (taken.length === 0) {
        lost.add(picked.prizeId);
        continue;
      }
    }
    return { prizeId: picked.prizeId, content: prizeShape.parse(picked.prize) };
  }
}

/** Puts the prize in the present box; a blank puts nothing. Answers the present id. */
async function deliverPrize(
  tx: Tx,
  userId: number,
  lottery: Lottery,
  prize: PrizeContent,
  now: Date,
): Promise<number | null> {
  const base = {
    userId,
    caption: `${lottery.title} ${prize.name}`,
    message: prize.description ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOTTERY_PRESENT_DAYS * 86_400_000),
  };
  let values: NewPresent | null = null;
  if (prize.item_id) {
    const [item] = await itemSaleFacts(tx, [prize.item_id], now);
    if (!item) throw new NotFound("景品の作品が見つかりませんでした");
    const { itemId, itemType, bookId, cdId, seriesId } = item;
    values = { ...base, itemId, itemType, bookId, cdId, seriesId };
  } else if (prize.coupon_id) {
    values = { ...base, couponId: prize.coupon_id };
  } else if (prize.point && prize.point > 0) {
    values = { ...base, point: prize.point };
  }
  return values ? putInPresentBox(tx, values) : null;
}

/** The prize line-up the page shows under the draw button, in the configured order. */
export async function lotteryPrizeList(db: Db, lotteryId: number) {
  const rows = await db
    .select()
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.lotteryId, lotteryId))
    .orderBy(asc(lotteryPrizes.position));
  return rows.map((r) => ({ prizeId: r.prizeId, stock: r.stock, ...prizeShape.parse(r.prize) }));
}
