/**
 * The coupon balloon (spec 001 §2.7): once closed it stays hidden for the rest of that Tokyo day.
 * The day it was closed is kept in localStorage under this key.
 */
export const COUPON_BALLOON_KEY = "coupon_balloon_closed";

const TOKYO_OFFSET_MS = 9 * 3600_000;

/** "YYYYMMDD" of the Tokyo date at `ms` (Japan keeps UTC+9 all year). */
export function tokyoDay(ms: number): string {
  return new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 10).replaceAll("-", "");
}

export function couponBalloonVisible(closedDay: string | null, nowMs: number): boolean {
  return closedDay !== tokyoDay(nowMs);
}
