import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appBannerVisible, parseBannerTime } from "./app-banner";

const now = () => Math.floor(Date.now() / 1000);

describe("the app banner", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T12:00:00+09:00"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows on the flagged pages on Android and iOS only", () => {
    for (const page of ["home", "bookshelf"]) {
      expect(appBannerVisible({ page, os: "ios", closedAt: null, nowSeconds: now() })).toBe(true);
      expect(appBannerVisible({ page, os: "android", closedAt: null, nowSeconds: now() })).toBe(
        true,
      );
      expect(appBannerVisible({ page, os: "other", closedAt: null, nowSeconds: now() })).toBe(
        false,
      );
    }
    expect(appBannerVisible({ page: "cart", os: "ios", closedAt: null, nowSeconds: now() })).toBe(
      false,
    );
  });

  it("stays closed for 432000 seconds (5 days) per page after a close", () => {
    const closedAt = now();
    vi.advanceTimersByTime(431_999_000);
    expect(appBannerVisible({ page: "home", os: "ios", closedAt, nowSeconds: now() })).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(appBannerVisible({ page: "home", os: "ios", closedAt, nowSeconds: now() })).toBe(true);
    // A close on home says nothing about the bookshelf.
    expect(
      appBannerVisible({ page: "bookshelf", os: "ios", closedAt: null, nowSeconds: now() }),
    ).toBe(true);
  });

  it("uses the default 1800 seconds for a flagged page without its own interval", () => {
    const pages = { news: { show: true } };
    const closedAt = now();
    vi.advanceTimersByTime(1_799_000);
    expect(appBannerVisible({ page: "news", os: "ios", closedAt, nowSeconds: now(), pages })).toBe(
      false,
    );
    vi.advanceTimersByTime(1000);
    expect(appBannerVisible({ page: "news", os: "ios", closedAt, nowSeconds: now(), pages })).toBe(
      true,
    );
  });

  it("reads only whole-second close times", () => {
    expect(parseBannerTime("1763694000")).toBe(1763694000);
    expect(parseBannerTime(null)).toBeNull();
    expect(parseBannerTime("soon")).toBeNull();
  });
});
