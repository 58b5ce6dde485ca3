import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokyoDateNumber } from "../../../contract/tokyo-time";
import { couponBalloonVisible } from "./coupon-balloon";

describe("the coupon balloon", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the day in Tokyo, not in UTC", () => {
    const closed = "20261121";
    expect(couponBalloonVisible(closed, Date.parse("2026-11-21T14:59:59Z"))).toBe(false);
    expect(couponBalloonVisible(closed, Date.parse("2026-11-21T15:00:00Z"))).toBe(true);
  });

  it("stays hidden for the rest of the day it was closed and returns at Tokyo midnight", () => {
    vi.setSystemTime(new Date("2026-11-21T08:00:00+09:00"));
    const closed = tokyoDateNumber(Date.now());
    expect(couponBalloonVisible(null, Date.now())).toBe(true);
    expect(couponBalloonVisible(closed, Date.now())).toBe(false);
    vi.setSystemTime(new Date("2026-11-21T23:59:59+09:00"));
    expect(couponBalloonVisible(closed, Date.now())).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(couponBalloonVisible(closed, Date.now())).toBe(true);
  });
});
