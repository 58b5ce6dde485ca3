import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatCountdown } from "../../contract/page-clock";
import { countdownBars, popupCountdownVisible, startCountdown } from "./countdown";

describe("countdown text", () => {
  it("shows hours, minutes and seconds as two digits", () => {
    expect(formatCountdown(0)).toBe("00:00:00");
    expect(formatCountdown(61)).toBe("00:01:01");
    expect(formatCountdown(3600 * 5 + 7 * 60 + 9)).toBe("05:07:09");
    expect(formatCountdown(3600 * 71 + 59 * 60 + 59)).toBe("71:59:59");
    expect(formatCountdown(-5)).toBe("00:00:00");
  });
});

describe("which countdown bar shows", () => {
  it("shows the sign-up coupon bar only above 600 seconds", () => {
    expect(countdownBars(601, 0).signupCoupon).toBe(true);
    expect(countdownBars(600, 0).signupCoupon).toBe(false);
    expect(countdownBars(0, 0).signupCoupon).toBe(false);
  });

  it("shows the 50% OFF bar only once the coupon countdown is 0 and above 600 sale seconds", () => {
    expect(countdownBars(0, 601).specialSale).toBe(true);
    expect(countdownBars(0, 600).specialSale).toBe(false);
    expect(countdownBars(1, 5000).specialSale).toBe(false);
    expect(countdownBars(601, 5000)).toEqual({ signupCoupon: true, specialSale: false });
  });

  it("shows a popup's countdown only between 0 and 3 days, exclusive", () => {
    expect(popupCountdownVisible(0)).toBe(false);
    expect(popupCountdownVisible(1)).toBe(true);
    expect(popupCountdownVisible(259_199)).toBe(true);
    expect(popupCountdownVisible(259_200)).toBe(false);
  });
});

describe("a running countdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T12:00:00+09:00"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks once a second and stops at zero", () => {
    const seen: number[] = [];
    startCountdown(3, (s) => seen.push(s));
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([2]);
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual([2, 1, 0]);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([2, 1, 0]);
  });

  it("drops the sign-up coupon bar when the countdown passes 600 seconds", () => {
    let left = 602;
    startCountdown(left, (s) => {
      left = s;
    });
    expect(countdownBars(left, 0).signupCoupon).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(left).toBe(601);
    expect(countdownBars(left, 0).signupCoupon).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(left).toBe(600);
    expect(countdownBars(left, 0).signupCoupon).toBe(false);
  });

  it("does not start for nothing left, and can be stopped early", () => {
    const seen: number[] = [];
    startCountdown(0, (s) => seen.push(s));
    expect(vi.getTimerCount()).toBe(0);
    const stop = startCountdown(10, (s) => seen.push(s));
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([9]);
  });
});
