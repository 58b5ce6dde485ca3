import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokyoIsoDate } from "../../lib/clock";
import { loginStampCards, userStamps } from "./schema";

export async function currentStampCard(db: Db, now: Date) {
  const today = tokyoIsoDate(now);
  const [card] = await db
    .select()
    .from(loginStampCards)
    .where(and(lte(loginStampCards.startDate, today), gte(loginStampCards.endDate, today)))
    .orderBy(desc(loginStampCards.startDate))
    .limit(1);
  return card ?? null;
}

/** How far the member is on the running stamp card, and whether today's stamp is already pressed. */
export async function stampStatus(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ currentStampNo: number; isTodayStamp: boolean }> {
  const card = await currentStampCard(db, now);
  if (!card) return { currentStampNo: 0, isTodayStamp: false };
  const [latest] = await db
    .select({ stampNo: userStamps.stampNo, pressedOn: userStamps.pressedOn })
    .from(userStamps)
    .where(and(eq(userStamps.userId, userId), eq(userStamps.cardId, card.cardId)))
    .orderBy(desc(userStamps.stampNo))
    .limit(1);
  return {
    currentStampNo: latest?.stampNo ?? 0,
    isTodayStamp: latest?.pressedOn === tokyoIsoDate(now),
  };
}
