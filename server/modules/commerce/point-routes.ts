import { Hono } from "hono";
import { z } from "zod";
import { pattern } from "../../../contract/campaign";
import { pageNumber } from "../../../contract/input";
import {
  POINT_EXPIRE_SOON_DAYS,
  POINT_HISTORY_PAGE_SIZE,
  POINT_HISTORY_TEXT,
  type PointAnswer,
  type PointHistoryAnswer,
  type PointHistoryType,
} from "../../../contract/ledgers";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { bookItems } from "../cards/series-items";
import { volumesPricedUpTo } from "../catalog/service";
import { ownedItemIds } from "../library/service";
import { priceItems } from "../pricing/quote";
import { expiringSoon, pointHistory } from "./points";
import { pointBalance } from "./service";

const POINT_LOGIN = "ポイントのご確認にはログインが必要です";
const historyInput = z.object({ pn: pageNumber(1000, "pn") });
/** Volumes /api/point/books lists at most. */
const POINT_BOOKS_LIMIT = 30;

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

/** /api/point and /api/point_history (spec 001 §7.4). */
export function pointRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/point", async (c) => {
    const member = requireMember(c, POINT_LOGIN);
    return c.json({
      result: true,
      point: await pointBalance(db, member.userId, new Date()),
    } satisfies PointAnswer);
  });

  routes.post("/point_history", async (c) => {
    const member = requireMember(c, POINT_LOGIN);
    const { pn } = await readFields(c, historyInput);
    return c.json(await pointHistoryAnswer(db, member.userId, pn, new Date()));
  });

  // Volumes the member's points pay for in full, not owned yet (the point-purchasable list).
  routes.post("/point/books", async (c) => {
    const member = requireMember(c, POINT_LOGIN);
    const now = new Date();
    const point = await pointBalance(db, member.userId, now);
    const candidates = await volumesPricedUpTo(db, point, now, POINT_BOOKS_LIMIT * 3);
    const candidateIds = candidates.map((v) => v.itemId);
    // What the checkout would charge decides, not the list price: a campaign may make a volume
    // free (nothing to buy) or cheaper.
    const [owned, priced] = await Promise.all([
      ownedItemIds(db, member.userId, candidateIds).then((ids) => new Set(ids)),
      priceItems(db, candidateIds, now),
    ]);
    const affordable = new Set(
      priced.filter((p) => p.buyable && p.salePrice <= point).map((p) => p.itemId),
    );
    const bookIds = candidates
      .filter((v) => affordable.has(v.itemId) && !owned.has(v.itemId))
      .slice(0, POINT_BOOKS_LIMIT)
      .map((v) => v.bookId);
    return c.json({ result: true, point, data: await bookItems(db, bookIds, { now }) });
  });

  return routes;
}
