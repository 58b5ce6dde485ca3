import { Hono } from "hono";
import { z } from "zod";
import { pageNumber } from "../../../contract/input";
import type { PointAnswer } from "../../../contract/ledgers";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { bookItems } from "../cards/series-items";
import { volumesPricedUpTo } from "../catalog/service";
import { ownedItemIds } from "../library/service";
import { priceItems } from "../pricing/quote";
import { pointHistoryAnswer } from "./point-answers";
import { pointBalance } from "./service";

const POINT_LOGIN = "ポイントのご確認にはログインが必要です";
const historyInput = z.object({ pn: pageNumber(1000, "pn") });
/** Volumes /api/point/books lists at most. */
const POINT_BOOKS_LIMIT = 30;

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
