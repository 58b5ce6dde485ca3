import { and, asc, desc, eq, gte, isNull, lte } from "drizzle-orm";
import type { LoginStampsAnswer, StampBoxView } from "../../../contract/stamp";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import { grantCoupon } from "../commerce/coupons";
import { daysLater, earnPoints } from "../commerce/points";
import { sendPointPresent } from "../commerce/presents";
import {
  type LoginStampCard,
  loginStampCards,
  type StampBox,
  stampBoxes,
  userStamps,
} from "./schema";

/** Days stamp points stay usable. */
export const STAMP_POINT_DAYS = 180;

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

async function latestStamp(db: Db, userId: number, cardId: number) {
  const [latest] = await db
    .select({
      stampNo: userStamps.stampNo,
      pressedOn: userStamps.pressedOn,
      shownAt: userStamps.shownAt,
    })
    .from(userStamps)
    .where(and(eq(userStamps.userId, userId), eq(userStamps.cardId, cardId)))
    .orderBy(desc(userStamps.stampNo))
    .limit(1);
  return latest ?? null;
}

/**
 * How far the member is on the running stamp card, and whether today's stamp is theirs: pressed
 * and shown on the card once (is_today_stamp). Pressed but not shown yet, the home page's stamp
 * dialog is still due.
 */
export async function stampStatus(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ currentStampNo: number; isTodayStamp: boolean; pressedToday: boolean }> {
  const card = await currentStampCard(db, now);
  if (!card) return { currentStampNo: 0, isTodayStamp: false, pressedToday: false };
  const latest = await latestStamp(db, userId, card.cardId);
  const pressedToday = latest?.pressedOn === tokyoIsoDate(now);
  return {
    currentStampNo: latest?.stampNo ?? 0,
    isTodayStamp: pressedToday && latest?.shownAt != null,
    pressedToday,
  };
}

/**
 * The member's stamp status for the shell, pressing today's stamp first if this is the member's
 * first page of the Tokyo day (any page: the user status is asked on every one). A read in the
 * common case; the press itself is once per day however many requests race (pressTodayStamp).
 */
export async function stampStatusPressingToday(db: Db, userId: number, now: Date) {
  const before = await stampStatus(db, userId, now);
  if (before.pressedToday) return before;
  const pressed = await pressTodayStamp(db, userId, now);
  return pressed === null
    ? stampStatus(db, userId, now)
    : { ...before, currentStampNo: pressed, pressedToday: true };
}

/**
 * Marks today's stamp shown and answers its number, for the one call that shows it first: that
 * answer animates it. Of simultaneous calls one updates the row; the rest find it shown.
 */
async function showTodayStamp(db: Db, userId: number, now: Date): Promise<number | null> {
  const [shown] = await db
    .update(userStamps)
    .set({ shownAt: now })
    .where(
      and(
        eq(userStamps.userId, userId),
        eq(userStamps.pressedOn, tokyoIsoDate(now)),
        isNull(userStamps.shownAt),
      ),
    )
    .returning({ stampNo: userStamps.stampNo });
  return shown?.stampNo ?? null;
}

/** Hands over what a cell gives when pressed: points, a coupon, points in the present box. */
async function grantStampReward(tx: Tx, userId: number, box: StampBox, now: Date) {
  const caption = `ログインスタンプ${box.stampNo}個達成`;
  if (box.rewardPoint && box.rewardPoint > 0) {
    await earnPoints(tx, {
      userId,
      point: box.rewardPoint,
      reason: "stamp",
      expiresAt: daysLater(now, STAMP_POINT_DAYS),
      now,
      description: caption,
    });
  }
  if (box.rewardCouponId !== null) await grantCoupon(tx, userId, box.rewardCouponId, now);
  if (box.rewardPresentPoint && box.rewardPresentPoint > 0) {
    await sendPointPresent(tx, { userId, point: box.rewardPresentPoint, caption, now });
  }
}

/**
 * Presses the member's next stamp if today's (Tokyo day) is not pressed yet, and grants that
 * cell's rewards in the same transaction. The row (user, pressed_on) is unique, so of any number
 * of simultaneous calls one inserts and the rest do nothing: one stamp and one reward per day.
 * Answers the stamp number just pressed, or null.
 */
export async function pressTodayStamp(db: Db, userId: number, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const card = await currentStampCard(tx, now);
    if (!card) return null;
    const today = tokyoIsoDate(now);
    const latest = await latestStamp(tx, userId, card.cardId);
    if (latest?.pressedOn === today) return null;
    const stampNo = (latest?.stampNo ?? 0) + 1;
    if (stampNo > card.stampCount) return null;
    const inserted = await tx
      .insert(userStamps)
      .values({ userId, cardId: card.cardId, stampNo, pressedOn: today, pressedAt: now })
      .onConflictDoNothing()
      .returning({ stampNo: userStamps.stampNo });
    if (inserted.length === 0) return null;
    const [box] = await tx
      .select()
      .from(stampBoxes)
      .where(and(eq(stampBoxes.cardId, card.cardId), eq(stampBoxes.stampNo, stampNo)));
    if (box) await grantStampReward(tx, userId, box, now);
    return stampNo;
  });
}

/** The appeal line: how many stamps are left to the next cell that gives something. */
export function nextRewardAppeal(
  boxes: readonly StampBox[],
  currentStampNo: number,
): string | null {
  const next = boxes
    .filter((b) => b.stampNo > currentStampNo)
    .sort((a, b) => a.stampNo - b.stampNo)
    .find((b) => b.rewardPoint || b.rewardCouponId !== null || b.rewardPresentPoint);
  if (!next) return null;
  const gifts = [
    next.rewardPoint ? `${next.rewardPoint}ポイント` : null,
    next.rewardCouponId !== null ? "クーポン" : null,
    next.rewardPresentPoint ? `プレゼント（${next.rewardPresentPoint}ポイント）` : null,
  ].filter(Boolean);
  return `あと${next.stampNo - currentStampNo}個で${gifts.join("と")}をプレゼント！`;
}

function cardView(card: LoginStampCard, appeal: string | null): LoginStampsAnswer["stamps"] {
  return {
    image_url: card.imageUrl,
    start_date: card.startDate,
    end_date: card.endDate,
    description: card.description,
    bg_color: card.bgColor,
    bg_image_url: card.bgImageUrl,
    band_style: card.bandStyle,
    stamp_count: card.stampCount,
    appeal,
  };
}

/**
 * /api/login_stamps: for a member, presses today's stamp first (once per Tokyo day) unless a page
 * did already, then answers the running card, its rows of cells and where the member is;
 * press_flag is true on the first answer that shows today's stamp. Visitors see the card unpressed.
 */
export async function loginStamps(
  db: Db,
  userId: number | null,
  now: Date,
): Promise<LoginStampsAnswer> {
  // Pressed here or earlier today by the shell's status: the first call to show it animates it.
  if (userId !== null) await pressTodayStamp(db, userId, now);
  const pressed = userId === null ? null : await showTodayStamp(db, userId, now);
  const card = await currentStampCard(db, now);
  if (!card) {
    return {
      result: true,
      stamps: null,
      boxes: [],
      status: { current_stamp_no: 0, press_flag: false, press_stamps: [] },
    };
  }
  const [boxes, latest] = await Promise.all([
    db
      .select()
      .from(stampBoxes)
      .where(eq(stampBoxes.cardId, card.cardId))
      .orderBy(asc(stampBoxes.row), asc(stampBoxes.stampNo)),
    userId === null ? null : latestStamp(db, userId, card.cardId),
  ]);
  const currentStampNo = latest?.stampNo ?? 0;
  const rows = new Map<number, StampBoxView[]>();
  for (const b of boxes) {
    const row = rows.get(b.row) ?? [];
    row.push({ stamp_no: b.stampNo, image_url_on: b.imageUrlOn, image_url_off: b.imageUrlOff });
    rows.set(b.row, row);
  }
  return {
    result: true,
    stamps: cardView(card, nextRewardAppeal(boxes, currentStampNo)),
    boxes: [...rows.values()],
    status: {
      current_stamp_no: currentStampNo,
      press_flag: pressed !== null,
      press_stamps: pressed === null ? [] : [pressed],
    },
  };
}
