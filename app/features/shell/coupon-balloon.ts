import { tokyoDateNumber } from "../../../contract/tokyo-time";

/**
 * The coupon balloon (spec 001 §2.7): once closed it stays hidden for the rest of that Tokyo day.
 * The day it was closed is kept in localStorage under this key.
 */
export const COUPON_BALLOON_KEY = "coupon_balloon_closed";

export function couponBalloonVisible(closedDay: string | null, nowMs: number): boolean {
  return closedDay !== tokyoDateNumber(nowMs);
}
