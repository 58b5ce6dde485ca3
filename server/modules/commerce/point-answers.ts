import { pattern } from "../../../contract/campaign";
import {
  POINT_EXPIRE_SOON_DAYS,
  POINT_HISTORY_PAGE_SIZE,
  POINT_HISTORY_TEXT,
  type PointHistoryAnswer,
  type PointHistoryType,
} from "../../../contract/ledgers";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { expiringSoon, pointHistory } from "./points";
import { pointBalance } from "./service";

/** /api/point_history and the /point_detail page: balance, points expiring soon, the history. */
export async function pointHistoryAnswer(
  db: Db,
  userId: number,
  pn: number,
  now: Date,
): Promise<PointHistoryAnswer> {
  const limit = POINT_HISTORY_PAGE_SIZE;
  const [point, expire, history] = await Promise.all([
    pointBalance(db, userId, now),
    expiringSoon(db, userId, now, POINT_EXPIRE_SOON_DAYS),
    pointHistory(db, userId, { limit, offset: (pn - 1) * limit }),
  ]);
  return {
    result: true,
    point,
    expire: expire.map((e) => ({ point: e.point, expire_date: tokyoIsoDate(e.expiresAt) })),
    history: history.rows.map((r) => {
      const type = r.reason as PointHistoryType;
      return {
        date: tokyoIsoDate(r.at),
        type,
        type_text: POINT_HISTORY_TEXT[type] ?? r.reason,
        point: r.point,
        expire_date: r.point > 0 && r.expiresAt ? tokyoIsoDate(r.expiresAt) : null,
        description: r.description,
        order_id: r.orderId,
      };
    }),
    pattern: pattern(pn, limit, history.hit),
  };
}
