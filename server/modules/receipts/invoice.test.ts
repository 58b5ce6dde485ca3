import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONSUMPTION_TAX_RATE, taxContained } from "../pricing/rules";
import { invoiceSums } from "./invoice";

const lines = fc.array(
  fc.record({ name: fc.string({ maxLength: 8 }), price: fc.integer({ min: 0, max: 20_000 }) }),
  { minLength: 1, maxLength: 12 },
);

describe("the sums of a qualified invoice (適格請求書)", () => {
  it("per rate: total = Σ lines − coupon, tax rounded down once on that total; paid = total − points", () => {
    fc.assert(
      fc.property(
        lines,
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (bought, couponAsked, pointsAsked) => {
          const goods = bought.reduce((t, l) => t + l.price, 0);
          // As checkout takes them: a coupon never above the goods, points never above the rest.
          const couponDiscount = Math.min(couponAsked, goods);
          const usedPoint = Math.min(pointsAsked, goods - couponDiscount);
          const sums = invoiceSums({ lines: bought, couponDiscount, usedPoint });

          expect(sums.goodsTotal).toBe(goods);
          expect(sums.lines.map((l) => l.price)).toEqual(bought.map((l) => l.price));
          expect(sums.rates).toHaveLength(1);
          const [rate] = sums.rates;
          expect(rate!.rate).toBe(CONSUMPTION_TAX_RATE);
          expect(rate!.total).toBe(
            sums.lines.filter((l) => l.rate === rate!.rate).reduce((t, l) => t + l.price, 0) -
              couponDiscount,
          );
          // One rounding per rate per invoice: floor(total × 10 / 110), never a sum of per-line taxes.
          expect(rate!.tax).toBe(Math.floor((rate!.total * 10) / 110));
          expect(rate!.tax).toBe(taxContained(rate!.total));
          expect(sums.total).toBe(rate!.total);
          expect(sums.tax).toBe(rate!.tax);
          expect(sums.usedPoint).toBe(usedPoint);
          expect(sums.amount).toBe(goods - couponDiscount - usedPoint);
          expect(sums.amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("rounds once per invoice, not per line: three 105-yen lines hold 28 yen, not 3 × 9", () => {
    const sums = invoiceSums({
      lines: [
        { name: "a", price: 105 },
        { name: "b", price: 105 },
        { name: "c", price: 105 },
      ],
      couponDiscount: 0,
      usedPoint: 0,
    });
    // Per line floor(105·10/110) = 9, three lines 27; once on 315 it is 28.
    expect(sums.tax).toBe(28);
  });

  it("takes the coupon off the taxable total and leaves points as a means of payment", () => {
    const sums = invoiceSums({
      lines: [
        { name: "恋と花嫁 1", price: 660 },
        { name: "月夜の契約 1", price: 385 },
      ],
      couponDiscount: 104,
      usedPoint: 300,
    });
    expect(sums).toMatchObject({
      goodsTotal: 1045,
      total: 941,
      tax: 85,
      usedPoint: 300,
      amount: 641,
    });
  });
});
