import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  parseTokyoDateTimeInput,
  startOfTokyoDay,
  tokyoDateNumber,
  tokyoDateTime,
  tokyoDateTimeInput,
  tokyoEndOfMonth,
  tokyoInstant,
  tokyoIsoDate,
  tokyoMonth,
  tokyoMonthDayTime,
  tokyoMonthDayWeekday,
  tokyoSlashDate,
  tokyoSlashDateTime,
  tokyoTime,
} from "./tokyo-time";

describe("Tokyo dates", () => {
  // 2026-01-31 16:30 UTC is already 2026-02-01 01:30 in Tokyo.
  const lateUtc = new Date("2026-01-31T16:30:00Z");

  it("uses the Tokyo calendar day whatever the server's zone", () => {
    expect(tokyoDateNumber(lateUtc)).toBe("20260201");
    expect(tokyoIsoDate(lateUtc)).toBe("2026-02-01");
    expect(tokyoDateTime(lateUtc)).toBe("2026-02-01 01:30:00");
  });

  it("turns the day at Tokyo midnight: 23:59:59 is still today, 00:00:00 is tomorrow", () => {
    const last = Date.parse("2026-11-21T23:59:59+09:00");
    const first = Date.parse("2026-11-22T00:00:00+09:00");
    expect(tokyoDateNumber(last)).toBe("20261121");
    expect(tokyoDateTime(last)).toBe("2026-11-21 23:59:59");
    expect(tokyoDateNumber(first)).toBe("20261122");
    expect(tokyoDateTime(first)).toBe("2026-11-22 00:00:00");
    expect(startOfTokyoDay(last).toISOString()).toBe("2026-11-20T15:00:00.000Z");
    expect(startOfTokyoDay(first).toISOString()).toBe("2026-11-21T15:00:00.000Z");
  });

  it("turns the month and the year at Tokyo midnight", () => {
    const lastOfYear = Date.parse("2026-12-31T23:59:59+09:00");
    const firstOfYear = Date.parse("2027-01-01T00:00:00+09:00");
    expect(tokyoIsoDate(lastOfYear)).toBe("2026-12-31");
    expect(tokyoMonth(lastOfYear)).toBe("202612");
    expect(tokyoEndOfMonth(lastOfYear)).toBe("20261231");
    expect(tokyoIsoDate(firstOfYear)).toBe("2027-01-01");
    expect(tokyoMonth(firstOfYear)).toBe("202701");
    expect(tokyoMonth(firstOfYear, -1)).toBe("202612");
    expect(tokyoEndOfMonth(Date.parse("2026-04-30T23:59:59+09:00"))).toBe("20260430");
    expect(tokyoEndOfMonth(Date.parse("2026-05-01T00:00:00+09:00"))).toBe("20260531");
  });

  it("names this month, last month across a year and the end of month", () => {
    expect(tokyoMonth(lateUtc)).toBe("202602");
    expect(tokyoMonth(new Date("2026-01-10T00:00:00Z"), -1)).toBe("202512");
    expect(tokyoEndOfMonth(lateUtc)).toBe("20260228");
    expect(tokyoEndOfMonth(new Date("2028-02-10T00:00:00Z"))).toBe("20280229");
  });

  it("finds the instant a Tokyo day starts, and the days around it", () => {
    expect(startOfTokyoDay(lateUtc).toISOString()).toBe("2026-01-31T15:00:00.000Z");
    expect(startOfTokyoDay(lateUtc, 1).toISOString()).toBe("2026-02-01T15:00:00.000Z");
    expect(startOfTokyoDay(lateUtc, -1).toISOString()).toBe("2026-01-30T15:00:00.000Z");
  });

  it("names the instant of a Tokyo wall-clock time, carrying over past the month", () => {
    expect(tokyoInstant(2026, 6, 10, 2).toISOString()).toBe("2026-06-09T17:00:00.000Z");
    expect(tokyoInstant(2026, 13).toISOString()).toBe("2026-12-31T15:00:00.000Z");
    expect(tokyoTime(tokyoInstant(2026, 11, 30)).weekday).toBe(1);
  });

  it("writes dates as the pages show them, in Tokyo time", () => {
    const at = Date.parse("2026-11-29T15:05:00Z"); // 2026-11-30 00:05, a Monday, in Tokyo
    expect(tokyoSlashDate(at)).toBe("2026/11/30");
    expect(tokyoSlashDateTime(at)).toBe("2026/11/30 00:05");
    expect(tokyoMonthDayTime(at)).toBe("11/30 00:05");
    expect(tokyoMonthDayWeekday(at)).toBe("11/30(月)");
    expect(tokyoSlashDateTime(Date.parse("2026-01-05T03:07:59Z"))).toBe("2026/01/05 12:07");
  });

  it("reads and writes the ops forms' datetime-local values as Tokyo wall-clock minutes", () => {
    expect(parseTokyoDateTimeInput("2026-12-01T00:00")?.toISOString()).toBe(
      "2026-11-30T15:00:00.000Z",
    );
    expect(tokyoDateTimeInput(Date.parse("2026-11-30T15:00:00Z"))).toBe("2026-12-01T00:00");
    for (const bad of ["2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "2026-01-01"])
      expect(parseTokyoDateTimeInput(bad)).toBeNull();
  });
});

/**
 * The guard: Tokyo time is read in this module only. Any other file that adds the offset by
 * hand, names the zone or asks Intl for it has a second clock that can disagree with this one.
 * Unit tests may write instants as ISO text with "+09:00", which states a time, not arithmetic.
 */
const ROOT = join(import.meta.dirname, "..");
const SCANNED = ["app", "bench", "contract", "scripts", "server", "tests"];
const HOME = "contract/tokyo-time.ts";
const TOKYO_ARITHMETIC: Array<[string, RegExp]> = [
  [
    "nine hours in ms/s/min",
    /(?<![\d.])9\s*\*\s*(60\b|3_?600\b|3_?600_?000\b|36e5\b|60\s*\*\s*60)/,
  ],
  ["hours times nine", /(3_?600_?000|36e5|3_?600)\s*\*\s*9(?![\d.])/],
  ["the offset in seconds", /(?<![\d_])32_?400(?![\d_])/],
  ["the zone's name", /Asia\/Tokyo/],
  ["Intl's time zone", /timeZone/],
  ["the host's zone", /getTimezoneOffset/],
  ["hours plus nine", /get(UTC)?Hours\(\)\s*\+\s*9(?!\d)/],
  ["an offset constant", /(JST|TOKYO)_OFFSET/],
  ["an offset outside an ISO instant", /(?<!\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?)\+09:?00/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name.startsWith(".") || name.startsWith("+types")) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(name) ? [path] : [];
  });
}

describe("the one Tokyo clock", () => {
  it("finds the patterns it guards against", () => {
    const copies = [
      "new Date(ms + 9 * 3_600_000)",
      "const JST_OFFSET_MS = 9 * 60 * 60 * 1000;",
      "d.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })",
      'new Date(day + "T00:00:00+09:00")',
      "(t.getUTCHours() + 9) % 24",
      "seconds + 32400",
    ];
    for (const copy of copies) {
      expect(
        TOKYO_ARITHMETIC.some(([, pattern]) => pattern.test(copy)),
        copy,
      ).toBe(true);
    }
    expect(TOKYO_ARITHMETIC.some(([, p]) => p.test('new Date("2026-11-21T00:00:00+09:00")'))).toBe(
      false,
    );
    expect(TOKYO_ARITHMETIC.some(([, p]) => p.test("59 * 60 + 19 * 3600"))).toBe(false);
  });

  it("is read nowhere but in contract/tokyo-time.ts", () => {
    const found: string[] = [];
    for (const top of SCANNED) {
      for (const path of sourceFiles(join(ROOT, top))) {
        const file = relative(ROOT, path);
        if (file === HOME || file === "contract/tokyo-time.test.ts") continue;
        readFileSync(path, "utf8")
          .split("\n")
          .forEach((line, i) => {
            for (const [what, pattern] of TOKYO_ARITHMETIC) {
              if (pattern.test(line)) found.push(`${file}:${i + 1} ${what}: ${line.trim()}`);
            }
          });
      }
    }
    expect(found).toEqual([]);
  });
});
