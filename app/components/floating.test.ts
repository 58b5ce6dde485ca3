import { describe, expect, it } from "vitest";
import { FLOATING_PROMOS, type FloatingPromo, grantedPromos, overlaps } from "./floating";

describe("floating promotions share the screen", () => {
  const all = new Set<FloatingPromo>(FLOATING_PROMOS);

  it("on a phone only the first wanting one shows: app banner, then balloon, then corner banner", () => {
    expect([...grantedPromos(all, true)]).toEqual(["app-banner"]);
    expect([...grantedPromos(new Set(["corner-banner", "coupon-balloon"]), true)]).toEqual([
      "coupon-balloon",
    ]);
    expect([...grantedPromos(new Set(["corner-banner"]), true)]).toEqual(["corner-banner"]);
    expect([...grantedPromos(new Set(), true)]).toEqual([]);
  });

  it("on a wide screen each shows (the balloon and the app banner are phone parts anyway)", () => {
    expect(grantedPromos(all, false)).toEqual(all);
  });

  it("two boxes overlap only when they share area", () => {
    const a = { left: 0, top: 0, right: 10, bottom: 10 };
    expect(overlaps(a, { left: 5, top: 5, right: 15, bottom: 15 })).toBe(true);
    expect(overlaps(a, { left: 10, top: 0, right: 20, bottom: 10 })).toBe(false);
    expect(overlaps(a, { left: 0, top: 11, right: 10, bottom: 20 })).toBe(false);
  });
});
