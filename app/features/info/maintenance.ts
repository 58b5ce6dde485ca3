import { type TokyoTime, tokyoInstant, tokyoTime, WEEKDAYS_JA } from "../../../contract/tokyo-time";

/**
 * The store's regular maintenance: the second Wednesday of every month, 2:00 to 6:00 Tokyo time,
 * when reading and buying stop. /maint shows the window that is running or the next one.
 */
export const MAINTENANCE_WEEKDAY = 3; // Wednesday
export const MAINTENANCE_WEEK = 2;
export const MAINTENANCE_START_HOUR = 2;
export const MAINTENANCE_HOURS = 4;

export interface MaintenanceWindow {
  start: Date;
  end: Date;
  /** True while `now` is inside the window. */
  active: boolean;
}

/** The window of a Tokyo month (1–12; 13 is January of the next year). */
function windowOfMonth(year: number, month: number): { start: Date; end: Date } {
  const firstWeekday = tokyoTime(tokyoInstant(year, month)).weekday;
  const firstMatch = 1 + ((MAINTENANCE_WEEKDAY - firstWeekday + 7) % 7);
  const day = firstMatch + (MAINTENANCE_WEEK - 1) * 7;
  const start = tokyoInstant(year, month, day, MAINTENANCE_START_HOUR);
  return { start, end: new Date(start.getTime() + MAINTENANCE_HOURS * 3_600_000) };
}

export function maintenanceWindow(now: Date): MaintenanceWindow {
  const { year, month } = tokyoTime(now);
  let window = windowOfMonth(year, month);
  if (now >= window.end) window = windowOfMonth(year, month + 1);
  return { ...window, active: now >= window.start && now < window.end };
}

/** "2026年6月10日（水）2:00〜6:00" in Tokyo time. */
export function formatMaintenanceWindow({ start, end }: { start: Date; end: Date }): string {
  const s = tokyoTime(start);
  const time = (t: TokyoTime) => `${t.hour}:${String(t.minute).padStart(2, "0")}`;
  return `${s.year}年${s.month}月${s.day}日（${WEEKDAYS_JA[s.weekday]}）${time(s)}〜${time(tokyoTime(end))}`;
}
