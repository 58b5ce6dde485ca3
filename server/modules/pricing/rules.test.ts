import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestCoupon,
  type CouponTerms,
  couponDiscount,
  couponRefusal,
  couponSaving,
  orderTotals,
  type PriceLine,
  priceExTax,
  salePrice,
  taxContained,
} from "./rules";

const now = new Date("2026-06-01T00:00:00Z");
const before = new Date("2026-05-01T00:00:00Z");
const after = new Date("2026-07-01T00:00:00Z");

function line(over: Partial<PriceLine> = {}): PriceLine {
  return {
    itemId: 1,
    itemType: 0,
    seriesId: 10,
    cdId: null,
    genreIds: [2],
    listPrice: 660,
    salePrice: 660,
    couponCampaignIds: [],
    ...over,
  };
}

function coupon(over: Partial<CouponTerms> = {}): CouponTerms {
  return {
    couponId: 1,
    couponType: 1,
    name: "クーポン",
    discountType: 2,
    discountValue: 100,
    startAt: before,
    endAt: after,
    ...over,
  };
}

describe("sale price", () => {
  it.each([
    [660, 0, 660],
    [660, 50, 330],
    [495, 30, 346], // 346.5 rounds down, in the member's favour
    [660, 100, 0],
    [660, -5, 660],
  ])("%i yen at %i%% off is %i", (price, pct, expected) => {
    expect(salePrice(price, pct)).toBe(expected);
  });
});

describe("tax contained", () => {
  it.each([
    [0, 0],
    [110, 10],
    [660, 60],
    [109, 9],
    [1000, 90],
    [-5, 0],
  ])("%i yen contains %i yen of tax", (amount, tax) => {
    expect(taxContained(amount)).toBe(tax);
  });

  it.each([
    [528, 480],
    [523, 476], // 528 yen at 30% off: x/1.1 rounded would say 475, one yen short
    [369, 336],
    [633, 576],
    [668, 608],
    [110, 100],
    [0, 0],
  ])("%i yen is %i yen before tax", (amount, exTax) => {
    expect(priceExTax(amount)).toBe(exTax);
  });

  it("price before tax and tax add up to the amount, for every amount 0..100000", () => {
    const wrong: number[] = [];
    for (let amount = 0; amount <= 100_000; amount++) {
      if (priceExTax(amount) + taxContained(amount) !== amount) wrong.push(amount);
    }
    expect(wrong).toEqual([]);
  });

  it("every sale line adds up, and its tax is never more than a tenth of its price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (list, pct) => {
          const amount = salePrice(list, pct);
          const tax = taxContained(amount);
          expect(priceExTax(amount) + tax).toBe(amount);
          expect(tax * 10).toBeLessThanOrEqual(priceExTax(amount));
          expect(tax).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("coupon saving", () => {
  it.each([
    [{ discountType: 1, discountValue: 10 }, 660, 66],
    [{ discountType: 1, discountValue: 15 }, 495, 74],
    [{ discountType: 1, discountValue: 50, maxDiscount: 200 }, 660, 200],
    [{ discountType: 2, discountValue: 100 }, 660, 100],
    [{ discountType: 2, discountValue: 1000 }, 660, 660], // never more than the price
    [{ discountType: 2, discountValue: 100 }, 0, 0],
  ])("%o on %i yen saves %i", (terms, amount, saving) => {
    expect(couponSaving(terms, amount)).toBe(saving);
  });
});

describe("coupon targets, dates, minimum and single use", () => {
  const series10 = line({ itemId: 1, seriesId: 10, genreIds: [2], salePrice: 660 });
  const series20 = line({ itemId: 2, seriesId: 20, genreIds: [4], salePrice: 440 });
  const inCampaign = line({ itemId: 3, seriesId: 30, couponCampaignIds: [7], salePrice: 500 });
  const cart = [series10, series20, inCampaign];
  it.each([
    ["every item", coupon({ couponType: 1, discountType: 1, discountValue: 10 }), 160],
    ["a campaign's items", coupon({ couponType: 2, campaignId: 7, discountValue: 1000 }), 500],
    ["listed series", coupon({ couponType: 3, seriesIds: [20], discountValue: 1000 }), 440],
    ["listed volumes", coupon({ couponType: 4, itemIds: [1], discountValue: 1000 }), 660],
    ["a genre", coupon({ couponType: 5, genreId: 4, discountValue: 1000 }), 440],
    ["another genre", coupon({ couponType: 5, genreId: 6 }), 0],
    ["not yet started", coupon({ startAt: after }), 0],
    ["ended", coupon({ endAt: now }), 0],
    ["already used", coupon({ usedAt: before }), 0],
    ["minimum met by its targets", coupon({ couponType: 3, seriesIds: [10], minPrice: 660 }), 100],
    ["minimum not met", coupon({ couponType: 3, seriesIds: [20], minPrice: 500 }), 0],
  ])("%s", (_, c, discount) => {
    expect(couponDiscount(c, cart, now)).toBe(discount);
  });
  it("says why a coupon does not apply", () => {
    expect(couponRefusal(coupon({ usedAt: before }), cart, now)).toBe("used");
    expect(couponRefusal(coupon({ startAt: after }), cart, now)).toBe("not_started");
    expect(couponRefusal(coupon({ endAt: before }), cart, now)).toBe("expired");
    expect(couponRefusal(coupon({ couponType: 4, itemIds: [99] }), cart, now)).toBe("no_target");
    expect(couponRefusal(coupon({ minPrice: 5000 }), cart, now)).toBe("below_minimum");
    expect(couponRefusal(coupon(), cart, now)).toBeNull();
  });
});

describe("best coupon", () => {
  const cart = [line({ salePrice: 1000 })];
  it("picks the one saving most, then the one ending first, then the lowest id", () => {
    const tenPct = coupon({ couponId: 1, discountType: 1, discountValue: 10 });
    const yen300 = coupon({ couponId: 2, discountValue: 300 });
    const yen300Sooner = coupon({
      couponId: 3,
      discountValue: 300,
      endAt: new Date(after.getTime() - 1),
    });
    const yen300Later = coupon({ couponId: 4, discountValue: 300 });
    expect(bestCoupon([tenPct, yen300], cart, now)?.couponId).toBe(2);
    expect(bestCoupon([yen300, yen300Sooner], cart, now)?.couponId).toBe(3);
    expect(bestCoupon([yen300Later, yen300], cart, now)?.couponId).toBe(2);
    expect(bestCoupon([coupon({ usedAt: before })], cart, now)).toBeNull();
  });
});

describe("order totals", () => {
  it("adds list prices, sale reductions, the coupon, points, tax and add_point", () => {
    const lines = [
      line({ itemId: 1, listPrice: 660, salePrice: 330 }),
      line({ itemId: 2, listPrice: 770, salePrice: 770 }),
    ];
    const totals = orderTotals(
      lines,
      coupon({ discountValue: 100 }),
      { balance: 500, asked: 200 },
      now,
    );
    expect(totals).toEqual({
      price: 1430,
      price_already_only: 330,
      discount: 330,
      coupon_discount: 100,
      subtotal: 1000,
      used_point: 200,
      amount: 800,
      tax: 90,
      add_point: 8,
    });
  });
  it("points pay everything: nothing is charged and nothing is earned", () => {
    const totals = orderTotals([line()], null, { balance: 5000, asked: "all" }, now);
    expect(totals).toMatchObject({ subtotal: 660, used_point: 660, amount: 0, add_point: 0 });
  });
});
