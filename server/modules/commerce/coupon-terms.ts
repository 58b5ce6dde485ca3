import type { Db } from "../../db/client";
import type { CouponTerms } from "../pricing/rules";
import { type CouponRules, couponRules, usableCouponIds } from "./coupons";
import { heldCoupons, receivableCouponIds } from "./service";

/** A coupon's rules as the pricing service reads them; a held copy may run out before the coupon. */
export function couponTermsOf(rules: CouponRules, heldUntil: Date | null = null): CouponTerms {
  const t = rules.target;
  return {
    couponId: rules.couponId,
    couponType: rules.couponType,
    name: rules.name,
    discountType: rules.discount.type === "percent" ? 1 : 2,
    discountValue: rules.discount.type === "percent" ? rules.discount.percent : rules.discount.yen,
    maxDiscount: rules.discount.type === "percent" ? rules.discount.maxYen : null,
    minPrice: rules.minPrice,
    campaignId: t.kind === "campaign" ? t.campaignId : null,
    seriesIds: t.kind === "series" ? t.seriesIds : [],
    itemIds: t.kind === "volumes" ? t.itemIds : [],
    genreId: t.kind === "genre" ? t.genreId : null,
    startAt: rules.startAt,
    endAt: heldUntil && heldUntil < rules.endAt ? heldUntil : rules.endAt,
  };
}

/** The coupons the member holds and may use now, as pricing terms. */
export async function memberCouponTerms(db: Db, userId: number, now: Date): Promise<CouponTerms[]> {
  const ids = await usableCouponIds(db, userId, now);
  const [rules, held] = await Promise.all([couponRules(db, ids), heldCoupons(db, userId, ids)]);
  const until = new Map(held.map((h) => [h.couponId, h.expiresAt]));
  return rules.map((r) => couponTermsOf(r, until.get(r.couponId) ?? null));
}

/** Coupons running now that the member could still receive, as pricing terms. */
export async function receivableCouponTerms(
  db: Db,
  userId: number,
  now: Date,
): Promise<CouponTerms[]> {
  const rules = await couponRules(db, await receivableCouponIds(db, userId, now));
  return rules.map((r) => couponTermsOf(r));
}
