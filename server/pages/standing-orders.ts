import type { Db } from "../db/client";
import { autoPurchaseOverview, memberPreorders } from "../modules/preorders/service";

/** The account page's 予約購入 and 新刊自動購入 sections (decision 0116). */
export async function standingOrdersOf(db: Db, userId: number, now = new Date()) {
  const [preorders, autoPurchase] = await Promise.all([
    memberPreorders(db, userId, now),
    autoPurchaseOverview(db, userId, now),
  ]);
  return { preorders, autoPurchase };
}
