import type { Db } from "../db/client";
import { dailySpecial, dailySpecialDates } from "../modules/recommend/series-picks";

/** /daily_special?target_date=: one of the last week's days; any other date shows today. */
export function dailySpecialPage(db: Db, targetDate: string | null, now = new Date()) {
  const date = targetDate && dailySpecialDates(now).includes(targetDate) ? targetDate : null;
  return dailySpecial(db, date, now);
}
