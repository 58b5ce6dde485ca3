import { describe, expect, it } from "vitest";
import { cartQuery } from "./cart";
import { checkoutQuery, checkoutRequest } from "./checkout";

/** What the coupon of a query means when it comes as text from an address (/order?coupon=0). */
const couponOf = (raw: unknown) => {
  const parsed = cartQuery.safeParse({ coupon: raw });
  return parsed.success ? parsed.data.coupon : "refused";
};

describe("the coupon a cart or checkout applies", () => {
  it("reads 0 from an address as no coupon, so a member can decline the best one", () => {
    expect(couponOf("0")).toBe(0);
    expect(couponOf(0)).toBe(0);
    expect(checkoutQuery.parse({ coupon: "0" }).coupon).toBe(0);
  });

  it("reads a coupon id as that coupon and absence as the best one", () => {
    expect(couponOf("12")).toBe(12);
    expect(couponOf(undefined)).toBeUndefined();
    expect(couponOf("")).toBeUndefined();
  });

  it("refuses what is not a coupon id", () => {
    for (const bad of ["x", "-1", "1.5", "99999999999", true])
      expect(couponOf(bad)).toBe("refused");
  });

  it("takes the same coupon choice at checkout", () => {
    const base = { payment_type: 0, point: 0, token: "t".repeat(24) };
    const sent = checkoutRequest.safeParse({ ...base, coupon: 0 });
    expect(sent.success && sent.data.coupon).toBe(0);
  });
});
