import { describe, expect, it } from "vitest";
import {
  startOfTokyoDay,
  tokyoDateNumber,
  tokyoDateTime,
  tokyoEndOfMonth,
  tokyoIsoDate,
  tokyoMonth,
} from "./clock";

describe("Tokyo dates", () => {
  // 2026-01-31 16:30 UTC is already 2026-02-01 01:30 in Tokyo.
  const lateUtc = new Date("2026-01-31T16:30:00Z");

  it("uses the Tokyo calendar day whatever the server's zone", () => {
    expect(tokyoDateNumber(lateUtc)).toBe("20260201");
    expect(tokyoIsoDate(lateUtc)).toBe("2026-02-01");
    expect(tokyoDateTime(lateUtc)).toBe("2026-02-01 01:30:00");
  });

  it("names this month, last month across a year and the end of month", () => {
    expect(tokyoMonth(lateUtc)).toBe("202602");
    expect(tokyoMonth(new Date("2026-01-10T00:00:00Z"), -1)).toBe("202512");
    expect(tokyoEndOfMonth(lateUtc)).toBe("20260228");
    expect(tokyoEndOfMonth(new Date("2028-02-10T00:00:00Z"))).toBe("20280229");
  });

  it("finds the instant a Tokyo day starts", () => {
    expect(startOfTokyoDay(lateUtc).toISOString()).toBe("2026-01-31T15:00:00.000Z");
  });
});
