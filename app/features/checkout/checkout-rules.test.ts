import { describe, expect, it } from "vitest";
import { pointsToUse, remainingPrice } from "./checkout-rules";

describe("points at checkout", () => {
  it.each([
    ["all", "", 300, 300],
    ["none", "200", 300, 0],
    ["some", "120", 300, 120],
    ["some", "999", 300, 300],
    ["some", "12.7", 300, 12],
    ["some", "-5", 300, 0],
    ["some", "abc", 300, 0],
    ["some", "", 300, 0],
  ] as const)("%s with %j typed and %i usable spends %i", (choice, typed, usable, spent) => {
    expect(pointsToUse(choice, typed, usable)).toBe(spent);
  });

  it("leaves price_inc − points to pay, never below 0 (spec 001 §5)", () => {
    expect(remainingPrice(660, 100)).toBe(560);
    expect(remainingPrice(660, 660)).toBe(0);
    expect(remainingPrice(660, 1000)).toBe(0);
  });
});
