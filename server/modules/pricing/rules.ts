// The shop's price rules, once. Every amount is integer yen with the 10% consumption tax included
// (総額表示); every reduction rounds down to the yen in the member's favour.

import { addPoint, pointsToSpend, remainingAfterPoints } from "../../../contract/points";

/** Earned points expire this many days after the order. */
export const ADD_POINT_VALID_DAYS = 365;

/** Tax-included sale price under a campaign sale of salePct % off. */
export function salePrice(priceInc: number, salePct: number): number {
  if (salePct <= 0) return priceInc;
  return Math.floor((priceInc * (100 - Math.min(100, salePct))) / 100);
}

/** The consumption tax rate (%) of everything the store sells (digital goods: the standard rate). */
export const CONSUMPTION_TAX_RATE = 10;

/**
 * The shop's one tax rule (decision 0068): the consumption tax (10%) contained in a tax-included
 * amount, floor(x·10/110), in the member's favour.
 */
export function taxContained(amountInc: number): number {
  return Math.floor((Math.max(0, amountInc) * 10) / 110);
}

/**
 * The price without tax of a tax-included amount: what is left once its tax is taken out, so the
 * two always add up to the amount (never x/1.1 rounded, which is one yen short for amounts whose
 * remainder mod 11 is 6 or more).
 */
export function priceExTax(amountInc: number): number {
  return Math.max(0, amountInc) - taxContained(amountInc);
}

/** A priced line: one volume or drama CD as the member would buy it now. */
export interface PriceLine {
  itemId: number;
  itemType: number;
  seriesId: number | null;
  cdId: number | null;
  genreIds: readonly number[];
  /** List price, tax included. */
  listPrice: number;
  /** Price after campaign sales (and a CD's own reduction), tax included. */
  salePrice: number;
  /** Running coupon campaigns (coupon_flag) that cover this item. */
  couponCampaignIds: readonly number[];
}

/**
 * coupon_type: 1 every item, 2 items of campaign_id, 3 listed series, 4 listed volumes (item
 * ids), 5 one genre. discount_type 1 percent off (capped by maxDiscount), 2 yen off.
 */
export interface CouponTerms {
  couponId: number;
  couponType: number;
  name: string;
  discountType: number;
  discountValue: number;
  maxDiscount?: number | null;
  /** Smallest total of the targeted items (tax included) the coupon applies to. */
  minPrice?: number;
  campaignId?: number | null;
  seriesIds?: readonly number[];
  itemIds?: readonly number[];
  genreId?: number | null;
  startAt: Date;
  /** The earlier of the coupon's end and the member's copy's expiry. */
  endAt: Date;
  usedAt?: Date | null;
}

/** Whether a coupon targets a line, whatever its dates or minimum. */
export function couponTargets(
  coupon: Pick<CouponTerms, "couponType" | "campaignId" | "seriesIds" | "itemIds" | "genreId">,
  line: PriceLine,
): boolean {
  switch (coupon.couponType) {
    case 1:
      return true;
    case 2:
      return coupon.campaignId != null && line.couponCampaignIds.includes(coupon.campaignId);
    case 3:
      return line.seriesId !== null && (coupon.seriesIds ?? []).includes(line.seriesId);
    case 4:
      return (coupon.itemIds ?? []).includes(line.itemId);
    case 5:
      return coupon.genreId != null && line.genreIds.includes(coupon.genreId);
    default:
      return false;
  }
}

/** The reduction a coupon gives on an amount it applies to. */
export function couponSaving(
  coupon: Pick<CouponTerms, "discountType" | "discountValue" | "maxDiscount">,
  amount: number,
): number {
  if (amount <= 0) return 0;
  const raw =
    coupon.discountType === 1
      ? Math.floor((amount * coupon.discountValue) / 100)
      : coupon.discountValue;
  const capped = coupon.maxDiscount != null ? Math.min(raw, coupon.maxDiscount) : raw;
  return Math.max(0, Math.min(capped, amount));
}

/** Why a coupon does not apply; null when it does. */
export type CouponRefusal = "used" | "not_started" | "expired" | "no_target" | "below_minimum";

export function couponRefusal(
  coupon: CouponTerms,
  lines: readonly PriceLine[],
  now: Date,
): CouponRefusal | null {
  if (coupon.usedAt) return "used";
  if (coupon.startAt > now) return "not_started";
  if (coupon.endAt <= now) return "expired";
  const targeted = lines.filter((l) => couponTargets(coupon, l));
  if (targeted.length === 0) return "no_target";
  const total = targeted.reduce((sum, l) => sum + l.salePrice, 0);
  if (total < (coupon.minPrice ?? 0)) return "below_minimum";
  return null;
}

/** The coupon's discount on these lines now; 0 when it does not apply. */
export function couponDiscount(
  coupon: CouponTerms,
  lines: readonly PriceLine[],
  now: Date,
): number {
  if (couponRefusal(coupon, lines, now) !== null) return 0;
  const total = lines
    .filter((l) => couponTargets(coupon, l))
    .reduce((sum, l) => sum + l.salePrice, 0);
  return couponSaving(coupon, total);
}

/** The coupon saving most; on a tie the one ending first, then the lowest id. */
export function bestCoupon<C extends CouponTerms>(
  coupons: readonly C[],
  lines: readonly PriceLine[],
  now: Date,
): C | null {
  let best: { coupon: C; saving: number } | null = null;
  for (const coupon of coupons) {
    const saving = couponDiscount(coupon, lines, now);
    if (saving <= 0) continue;
    if (
      best === null ||
      saving > best.saving ||
      (saving === best.saving &&
        (coupon.endAt < best.coupon.endAt ||
          (coupon.endAt.getTime() === best.coupon.endAt.getTime() &&
            coupon.couponId < best.coupon.couponId)))
    ) {
      best = { coupon, saving };
    }
  }
  return best?.coupon ?? null;
}

/**
 * An order's totals (the cart and checkout answers, the orders row):
 *   price = Σ list prices; discount = Σ (list − sale); coupon_discount;
 *   subtotal = price − discount − coupon_discount; used_point ≤ subtotal;
 *   amount = subtotal − used_point (what the payment method is charged);
 *   tax = tax contained in subtotal; add_point = ADD_POINT_PERCENT % of amount;
 *   price_already_only = Σ sale prices of the lines a campaign already reduced.
 */
export interface Totals {
  price: number;
  price_already_only: number;
  discount: number;
  coupon_discount: number;
  subtotal: number;
  used_point: number;
  amount: number;
  tax: number;
  add_point: number;
}

export function orderTotals(
  lines: readonly PriceLine[],
  coupon: CouponTerms | null,
  points: { balance: number; asked: number | "all" },
  now: Date,
): Totals {
  const price = lines.reduce((sum, l) => sum + l.listPrice, 0);
  const sale = lines.reduce((sum, l) => sum + l.salePrice, 0);
  const couponOff = coupon ? couponDiscount(coupon, lines, now) : 0;
  const subtotal = sale - couponOff;
  const usedPoint = pointsToSpend(subtotal, points.balance, points.asked);
  const amount = remainingAfterPoints(subtotal, usedPoint);
  return {
    price,
    price_already_only: lines
      .filter((l) => l.salePrice < l.listPrice)
      .reduce((sum, l) => sum + l.salePrice, 0),
    discount: price - sale,
    coupon_discount: couponOff,
    subtotal,
    used_point: usedPoint,
    amount,
    tax: taxContained(subtotal),
    add_point: addPoint(amount),
  };
}
