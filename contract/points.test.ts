import { describe, expect, it } from "vitest";
import { addPoint, canUsePoints, pointsToSpend, remainingAfterPoints } from "./points";

describe("add_point", () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 1],
    [1980, 19],
  ])("%i yen paid earns %i points", (amount, points) => {
    expect(addPoint(amount)).toBe(points);
  });
});

describe("points spent", () => {
  it.each([
    // price, balance, asked, spent
    [660, 49, "all", 0], // below 50 points cannot be used (spec 001 §5)
    [660, 50, "all", 50],
    [660, 1000, "all", 660], // never more than the price
    [660, 1000, 200, 200],
    [660, 100, 300, 100], // never more than the balance
    [660, 1000, 0, 0],
    [660, 1000, -3, 0],
    [660, 1000, 12.7, 12], // never a fraction
    [660, 1000, Number.NaN, 0], // what the page's field holds when mistyped
  ] as const)("price %i, balance %i, asked %s spends %i", (price, balance, asked, spent) => {
    expect(pointsToSpend(price, balance, asked)).toBe(spent);
  });

  it("may spend points from a balance of 50 up", () => {
    expect(canUsePoints(49)).toBe(false);
    expect(canUsePoints(50)).toBe(true);
  });
});

describe("what is left to pay", () => {
  it.each([
    [660, 100, 560],
    [660, 660, 0],
    [660, 1000, 0],
    [660, -5, 660],
  ])("%i yen after %i points leaves %i yen (never below 0)", (price, points, remaining) => {
    expect(remainingAfterPoints(price, points)).toBe(remaining);
  });
});
