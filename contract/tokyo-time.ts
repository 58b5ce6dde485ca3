/**
 * The store's one clock reading: "today", month boundaries, campaign dates and every date a page
 * shows are Tokyo wall-clock time, whatever zone the server or the browser is in. The server,
 * the browser and the seed all read it here (decision 0070); a guard test keeps Tokyo-offset
 * arithmetic out of every other file.
 */
// Japan has kept UTC+9 without daylight saving since 1951, so the offset is a constant and
// reading Tokyo wall-clock time is plain arithmetic (Intl would cost microseconds per call and
// gives different text in different browsers).
const TOKYO_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** PostgreSQL's name of the zone, for `at time zone` in SQL that groups by Tokyo month. */
export const TOKYO_ZONE = "Asia/Tokyo";

/** Sunday first, as `weekday` counts. */
export const WEEKDAYS_JA = "日月火水木金土";

export interface TokyoTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday */
  weekday: number;
}

type Instant = Date | number;
const ms = (at: Instant) => (typeof at === "number" ? at : at.getTime());

export function tokyoTime(at: Instant): TokyoTime {
  const t = new Date(ms(at) + TOKYO_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
    weekday: t.getUTCDay(),
  };
}

/**
 * The instant a Tokyo wall-clock time names (month 1–12). Parts past their range carry over as
 * `Date.UTC` does: day 0 is the last day of the month before, month 13 is January next year.
 */
export function tokyoInstant(year: number, month: number, day = 1, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - TOKYO_OFFSET_MS);
}

/** Start of the Tokyo day containing `at`, `addDays` days later (or earlier when negative). */
export function startOfTokyoDay(at: Instant, addDays = 0): Date {
  const day = Math.floor((ms(at) + TOKYO_OFFSET_MS) / DAY_MS) + addDays;
  return new Date(day * DAY_MS - TOKYO_OFFSET_MS);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "20261121" */
export function tokyoDateNumber(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.year}${pad(t.month)}${pad(t.day)}`;
}

/** "2026-11-21": the Tokyo calendar day, as SQL date columns hold it. */
export function tokyoIsoDate(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

/** "202611", or a month `offsetMonths` away. */
export function tokyoMonth(at: Instant, offsetMonths = 0): string {
  const t = tokyoTime(at);
  const index = t.year * 12 + (t.month - 1) + offsetMonths;
  return `${Math.floor(index / 12)}${pad((index % 12) + 1)}`;
}

/** "20261130": the last day of the Tokyo month. */
export function tokyoEndOfMonth(at: Instant): string {
  const t = tokyoTime(at);
  const last = new Date(Date.UTC(t.year, t.month, 0)).getUTCDate();
  return `${t.year}${pad(t.month)}${pad(last)}`;
}

/** "2026-11-21 09:30:00": the session status's `now`. */
export function tokyoDateTime(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** "2026/11/21", as a review's or a sign-up's date reads. */
export function tokyoSlashDate(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.year}/${t.month}/${t.day}`;
}

/** "2026/11/23 00:00", every part at full width. */
export function tokyoSlashDateTime(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.year}/${pad(t.month)}/${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`;
}

/** "11/30 09:00": a period's ends within the year. */
export function tokyoMonthDayTime(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.month}/${t.day} ${pad(t.hour)}:${pad(t.minute)}`;
}

/** "11/30(日)": a day in a list of days or a campaign's last day. */
export function tokyoMonthDayWeekday(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.month}/${t.day}(${WEEKDAYS_JA[t.weekday]})`;
}

/** "2026-11-21T09:30": a Tokyo wall-clock minute as a datetime-local field holds it. */
export function tokyoDateTimeInput(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
}

const DATE_TIME_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a datetime-local value ("2026-11-21T09:30") names in Tokyo; null when it is not
 * one, or names a day or time that does not exist (2月30日, 24:00).
 */
export function parseTokyoDateTimeInput(value: string): Date | null {
  const m = DATE_TIME_INPUT.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const at = tokyoInstant(year, month, day, hour, minute);
  return tokyoTime(at).day === day ? at : null;
}

/** "2026年11月28日": the Tokyo day as a receipt writes it. */
export function tokyoKanjiDate(at: Instant): string {
  const t = tokyoTime(at);
  return `${t.year}年${t.month}月${t.day}日`;
}
