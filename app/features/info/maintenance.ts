/**
 * The store's regular maintenance: the second Wednesday of every month, 2:00 to 6:00 Tokyo time,
 * when reading and buying stop. /maint shows the window that is running or the next one.
 */
export const MAINTENANCE_WEEKDAY = 3; // Wednesday
export const MAINTENANCE_WEEK = 2;
export const MAINTENANCE_START_HOUR = 2;
export const MAINTENANCE_HOURS = 4;

const JST_OFFSET_MS = 9 * 3_600_000;
const WEEKDAYS = "日月火水木金土";

export interface MaintenanceWindow {
  start: Date;
  end: Date;
  /** True while `now` is inside the window. */
  active: boolean;
}

function windowOfMonth(year: number, monthIndex: number): { start: Date; end: Date } {
  const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const firstMatch = 1 + ((MAINTENANCE_WEEKDAY - firstWeekday + 7) % 7);
  const day = firstMatch + (MAINTENANCE_WEEK - 1) * 7;
  const start = new Date(Date.UTC(year, monthIndex, day, MAINTENANCE_START_HOUR) - JST_OFFSET_MS);
  return { start, end: new Date(start.getTime() + MAINTENANCE_HOURS * 3_600_000) };
}

export function maintenanceWindow(now: Date): MaintenanceWindow {
  const tokyo = new Date(now.getTime() + JST_OFFSET_MS);
  const year = tokyo.getUTCFullYear();
  const month = tokyo.getUTCMonth();
  let window = windowOfMonth(year, month);
  if (now >= window.end) window = windowOfMonth(month === 11 ? year + 1 : year, (month + 1) % 12);
  return { ...window, active: now >= window.start && now < window.end };
}

/** "2026年6月10日（水）2:00〜6:00" in Tokyo time. */
export function formatMaintenanceWindow({ start, end }: { start: Date; end: Date }): string {
  const s = new Date(start.getTime() + JST_OFFSET_MS);
  const e = new Date(end.getTime() + JST_OFFSET_MS);
  const time = (d: Date) => `${d.getUTCHours()}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
  return `${s.getUTCFullYear()}年${s.getUTCMonth() + 1}月${s.getUTCDate()}日（${WEEKDAYS[s.getUTCDay()]}）${time(s)}〜${time(e)}`;
}
