import { describe, expect, it } from "vitest";
import { formatMaintenanceWindow, maintenanceWindow } from "./maintenance";

describe("maintenanceWindow", () => {
  it("gives the second Wednesday of this month while it is still ahead", () => {
    const w = maintenanceWindow(new Date("2026-06-01T12:00:00+09:00"));
    expect(w.start).toEqual(new Date("2026-06-10T02:00:00+09:00"));
    expect(w.end).toEqual(new Date("2026-06-10T06:00:00+09:00"));
    expect(w.active).toBe(false);
  });

  it("is active from 2:00 up to, not including, 6:00", () => {
    expect(maintenanceWindow(new Date("2026-06-10T02:00:00+09:00")).active).toBe(true);
    expect(maintenanceWindow(new Date("2026-06-10T05:59:59+09:00")).active).toBe(true);
    const after = maintenanceWindow(new Date("2026-06-10T06:00:00+09:00"));
    expect(after.active).toBe(false);
    expect(after.start).toEqual(new Date("2026-07-08T02:00:00+09:00"));
  });

  it("moves from December to January of the next year", () => {
    expect(maintenanceWindow(new Date("2026-12-20T00:00:00+09:00")).start).toEqual(
      new Date("2027-01-13T02:00:00+09:00"),
    );
  });

  it("counts the month in Tokyo time, not in UTC", () => {
    // 2026-06-30T16:00Z is already July 1st in Tokyo.
    expect(maintenanceWindow(new Date("2026-06-30T16:00:00Z")).start).toEqual(
      new Date("2026-07-08T02:00:00+09:00"),
    );
  });
});

describe("formatMaintenanceWindow", () => {
  it("writes the date, weekday and hours in Japanese", () => {
    expect(formatMaintenanceWindow(maintenanceWindow(new Date("2026-06-01T00:00:00+09:00")))).toBe(
      "2026年6月10日（水）2:00〜6:00",
    );
  });
});
