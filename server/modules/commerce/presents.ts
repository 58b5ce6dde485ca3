import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { Conflict, NotFound } from "../../lib/errors";
import { grantPresentItem } from "../library/service";
import { grantCoupon } from "./coupons";
import { daysLater, earnPoints } from "./points";
import { coupons, presents } from "./schema";

export interface PresentRow {
  presentId: number;
  caption: string;
  message: string | null;
  itemId: number | null;
  bookId: number | null;
  cdId: number | null;
  seriesId: number | null;
  point: number;
  couponId: number | null;
  couponName: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  receivedAt: Date | null;
}

const columns = {
  presentId: presents.presentId,
  caption: presents.caption,
  message: presents.message,
  itemId: presents.itemId,
  bookId: presents.bookId,
  cdId: presents.cdId,
  seriesId: presents.seriesId,
  point: presents.point,
  couponId: presents.couponId,
  couponName: coupons.name,
  createdAt: presents.createdAt,
  expiresAt: presents.expiresAt,
  receivedAt: presents.receivedAt,
};

const notExpired = (now: Date) => or(isNull(presents.expiresAt), gt(presents.expiresAt, now));

/** The member's present box: presents still waiting, newest first. */
export async function presentBox(db: Db, userId: number, now: Date): Promise<PresentRow[]> {
  return db
    .select(columns)
    .from(presents)
    .leftJoin(coupons, eq(coupons.couponId, presents.couponId))
    .where(and(eq(presents.userId, userId), isNull(presents.receivedAt), notExpired(now)))
    .orderBy(desc(presents.createdAt), desc(presents.presentId))
    .limit(200);
}

/** Presents still waiting in the box: the drawer's count. */
export async function waitingPresentCount(db: Db, userId: number, now: Date): Promise<number> {
  return db.$count(
    presents,
    and(eq(presents.userId, userId), isNull(presents.receivedAt), notExpired(now)),
  );
}

export type NewPresent = Omit<(typeof presents)["$inferInsert"], "presentId" | "receivedAt">;

/** Puts one present in a member's box (a lottery prize, a campaign gift). Answers its id. */
export async function putInPresentBox(tx: Tx, present: NewPresent): Promise<number> {
  const [row] = await tx.insert(presents).values(present).returning({ id: presents.presentId });
  return row!.id;
}

/** Days received present points stay usable when the present does not say. */
export const PRESENT_POINT_DAYS = 180;

/**
 * Takes one present out of the box and hands over what it holds: the volume or drama CD onto the
 * bookshelf, the points as a lot, or the coupon. Claiming is one conditional update (received_at
 * is null) in the same transaction as the grant, so of any number of simultaneous receives one
 * wins and the others get Conflict; nothing is granted twice.
 */
export async function receivePresent(
  db: Db,
  userId: number,
  presentId: number,
  now: Date,
): Promise<PresentRow> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(presents)
      .set({ receivedAt: now })
      .where(
        and(
          eq(presents.presentId, presentId),
          eq(presents.userId, userId),
          isNull(presents.receivedAt),
          notExpired(now),
        ),
      )
      .returning();
    if (!claimed) {
      const [existing] = await tx
        .select({ receivedAt: presents.receivedAt })
        .from(presents)
        .where(and(eq(presents.presentId, presentId), eq(presents.userId, userId)));
      if (existing?.receivedAt) throw new Conflict("このプレゼントは受け取り済みです");
      if (existing) throw new Conflict("このプレゼントは受け取り期限を過ぎています");
      throw new NotFound("プレゼントが見つかりませんでした");
    }
    if (claimed.itemId !== null) {
      await grantPresentItem(tx, {
        userId,
        itemId: claimed.itemId,
        itemType: claimed.itemType ?? 0,
        seriesId: claimed.seriesId,
        bookId: claimed.bookId,
        cdId: claimed.cdId,
        now,
      });
    } else if (claimed.point > 0) {
      await earnPoints(tx, {
        userId,
        point: claimed.point,
        reason: "present",
        expiresAt: daysLater(now, claimed.pointValidDays ?? PRESENT_POINT_DAYS),
        now,
        description: claimed.caption,
      });
    } else if (claimed.couponId !== null) {
      await grantCoupon(tx, userId, claimed.couponId, now);
    }
    const [row] = await tx
      .select(columns)
      .from(presents)
      .leftJoin(coupons, eq(coupons.couponId, presents.couponId))
      .where(eq(presents.presentId, presentId));
    return row!;
  });
}

/** Receives every waiting present, each exactly as receivePresent does; answers those taken. */
export async function receiveAllPresents(db: Db, userId: number, now: Date): Promise<PresentRow[]> {
  const taken: PresentRow[] = [];
  for (const p of await presentBox(db, userId, now)) {
    try {
      taken.push(await receivePresent(db, userId, p.presentId, now));
    } catch (error) {
      // Taken meanwhile by another tab: it is in the member's hands either way.
      if (!(error instanceof Conflict)) throw error;
    }
  }
  return taken;
}

/** Puts points into the member's present box (login stamps, lotteries); answers the present id. */
export async function sendPointPresent(
  tx: Tx,
  input: { userId: number; point: number; caption: string; message?: string | null; now: Date },
): Promise<number> {
  if (!Number.isSafeInteger(input.point) || input.point <= 0) {
    throw new RangeError(`bad point ${input.point}`);
  }
  const [row] = await tx
    .insert(presents)
    .values({
      userId: input.userId,
      point: input.point,
      caption: input.caption,
      message: input.message ?? null,
      createdAt: input.now,
    })
    .returning({ id: presents.presentId });
  return row!.id;
}
