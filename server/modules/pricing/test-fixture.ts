import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { Browser } from "../../http/test-client";
import { users } from "../account/schema";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import { genres, publishers, series, seriesGenres } from "../catalog/schema";
import { insertVolumes } from "../catalog/test-fixture";
import {
  couponItems,
  coupons,
  paymentMethods,
  pointEntries,
  receivedCoupons,
} from "../commerce/schema";
import { priceExTax } from "./rules";

/**
 * A small shop for the cart and checkout tests:
 *   series 1 (genre 2): volumes 1–VOLUMES, items 3001…, 660 yen each (list price)
 *   series 2 (genre 4): volumes 1–3, items 4001–4003, 770 yen, under a running 50% sale
 *   payment types 1 クレジットカード, 2 PayPay, 3 d払い
 */
export const VOLUMES = 120;
export const SERIES_ONE_ITEM = (volume: number) => 3000 + volume;
export const SALE_ITEM = (volume: number) => 4000 + volume;

const past = new Date("2026-01-01T00:00:00Z");
const far = new Date("2099-01-01T00:00:00Z");

export async function createShop(db: Db): Promise<void> {
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(genres).values([
    { genreId: 2, name: "少女・女性" },
    { genreId: 4, name: "BL" },
  ]);
  await db.insert(series).values([
    { seriesId: 1, name: "恋と花嫁", nameKana: "コイトハナヨメ", publisherId: 1, startDate: past },
    {
      seriesId: 2,
      name: "月夜の契約",
      nameKana: "ツキヨノケイヤク",
      publisherId: 1,
      startDate: past,
    },
  ]);
  await db.insert(seriesGenres).values([
    { seriesId: 1, genreId: 2 },
    { seriesId: 2, genreId: 4 },
  ]);
  const volumes = [
    ...Array.from({ length: VOLUMES }, (_, i) => ({ seriesId: 1, v: i + 1, priceInc: 660 })),
    ...[1, 2, 3].map((v) => ({ seriesId: 2, v, priceInc: 770 })),
  ];
  const rows = volumes.map(({ seriesId, v, priceInc }) => ({
    bookId: seriesId * 1000 + v,
    seriesId,
    itemId: seriesId === 1 ? SERIES_ONE_ITEM(v) : SALE_ITEM(v),
    volume: v,
    title: `${seriesId === 1 ? "恋と花嫁" : "月夜の契約"} ${v}`,
    price: priceExTax(priceInc),
    priceInc,
    itemStartDate: past,
    pageCount: 30,
  }));
  await insertVolumes(db, rows);
  await db
    .insert(campaigns)
    .values({ campaignId: 1, name: "半額セール", startAt: past, endAt: far });
  await db.insert(campaignPolicies).values({ campaignId: 1, policyType: 101, salePct: 50 });
  await db.insert(campaignTargets).values({ campaignId: 1, seriesId: 2 });
  await db.insert(paymentMethods).values([
    { paymentType: 1, name: "クレジットカード", sortOrder: 1 },
    { paymentType: 2, name: "PayPay", sortOrder: 2 },
    { paymentType: 3, name: "d払い", sortOrder: 3 },
  ]);
}

/** A signed-up member with a browser holding their session. */
export async function shopMember(app: ConstructorParameters<typeof Browser>[0], db: Db) {
  const browser = new Browser(app);
  const email = `shop-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

export async function givePoints(db: Db, userId: number, point: number, expiresAt: Date = far) {
  await db.insert(pointEntries).values({
    userId,
    delta: point,
    reason: "campaign",
    expiresAt,
    description: "テスト",
  });
}

let nextCoupon = 100;

/** A coupon handed to the member (received), with its rules; answers its id. */
export async function giveCoupon(
  db: Db,
  userId: number | null,
  rules: Partial<typeof coupons.$inferInsert> & { itemIds?: number[] } = {},
): Promise<number> {
  const couponId = nextCoupon++;
  const { itemIds, ...row } = rules;
  await db.insert(coupons).values({
    couponId,
    couponType: 1,
    name: `クーポン${couponId}`,
    discountType: 2,
    discountValue: 100,
    startAt: past,
    endAt: far,
    // Handed-out coupons are not receivable, so one member's coupons never show as new to another.
    receivable: userId === null,
    ...row,
  });
  if (itemIds) await db.insert(couponItems).values(itemIds.map((itemId) => ({ couponId, itemId })));
  if (userId !== null) {
    await db.insert(receivedCoupons).values({ userId, couponId, expiresAt: row.endAt ?? far });
  }
  return couponId;
}
