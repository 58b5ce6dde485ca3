import { describe, expect, it } from "vitest";
import { lineShares, splitByWeight } from "./line-refunds";

describe("splitByWeight", () => {
  it("adds up to the total, floors first, then the largest remainders, earlier lines on a tie", () => {
    expect(splitByWeight(45, [660, 385])).toEqual([28, 17]);
    expect(splitByWeight(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitByWeight(0, [5, 5])).toEqual([0, 0]);
    expect(splitByWeight(7, [0, 0])).toEqual([0, 0]);
  });

  it("never gives a part more than its weight while the total fits the weights", () => {
    for (let n = 0; n < 200; n++) {
      const weights = Array.from({ length: 1 + (n % 7) }, (_, i) => ((n * 37 + i * 101) % 900) + 1);
      const sum = weights.reduce((a, b) => a + b, 0);
      const total = (n * 7919) % (sum + 1);
      const parts = splitByWeight(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      parts.forEach((p, i) => {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(weights[i]!);
      });
    }
  });
});

describe("lineShares", () => {
  it("splits the coupon over the paid prices, then points and earned points over the rest", () => {
    const shares = lineShares({ couponDiscount: 45, usedPoint: 200, addPoint: 8 }, [
      { orderItemId: 2, priceInc: 385 },
      { orderItemId: 1, priceInc: 660 },
    ]);
    expect(shares).toEqual([
      { orderItemId: 1, value: 660, couponDiscount: 28, point: 126, amount: 506, earned: 5 },
      { orderItemId: 2, value: 385, couponDiscount: 17, point: 74, amount: 294, earned: 3 },
    ]);
    // Every line refunded gives back exactly what the order took: 800 yen and 200 points.
    expect(shares.reduce((a, s) => a + s.amount, 0)).toBe(800);
    expect(shares.reduce((a, s) => a + s.point, 0)).toBe(200);
  });
});
