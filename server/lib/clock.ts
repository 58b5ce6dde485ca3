/**
 * The shop runs on Japan time: "today", month boundaries and campaign dates are Tokyo dates
 * whatever the server's own time zone is.
 */
// Japan has kept UTC+9 without daylight saving since 1951, so the offset is a constant and
// reading Tokyo wall-clock time is plain arithmetic (Intl would cost microseconds per call).
const TOKYO_OFFSET_MS = 9 * 3600_000;

export interface TokyoTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function tokyoTime(date: Date): TokyoTime {
  const t = new Date(date.getTime() + TOKYO_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** 20261121 */
export function tokyoDateNumber(date: Date): string {
  const t = tokyoTime(date);
  return `${t.year}${pad(t.month)}${pad(t.day)}`;
}

/** 202611 */
export function tokyoMonth(date: Date, offsetMonths = 0): string {
  const t = tokyoTime(date);
  const index = t.year * 12 + (t.month - 1) + offsetMonths;
  return `${Math.floor(index / 12)}${pad((index % 12) + 1)}`;
}

/** 20261130 */
export function tokyoEndOfMonth(date: Date): string {
  const t = tokyoTime(date);
  const last = new Date(Date.UTC(t.year, t.month, 0)).getUTCDate();
  return `${t.year}${pad(t.month)}${pad(last)}`;
}

/** 2026-11-21 09:30:00 */
export function tokyoDateTime(date: Date): string {
  const t = tokyoTime(date);
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** Start of the Tokyo day containing `date`, as an instant. */
export function startOfTokyoDay(date: Date): Date {
  const t = tokyoTime(date);
  return new Date(Date.UTC(t.year, t.month - 1, t.day) - TOKYO_OFFSET_MS);
}

/** "2026-11-21": the Tokyo calendar day, as SQL date columns hold it. */
export function tokyoIsoDate(date: Date): string {
  const t = tokyoTime(date);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}
