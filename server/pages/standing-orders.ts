import type { Db } from "../db/client";
import { NotFound } from "../lib/errors";
import { autoPurchaseOverview, memberPreorders, preorderOffer } from "../modules/preorders/service";

/** The account page's 予約購入 and 新刊自動購入 sections (decision 0116). */
export async function standingOrdersOf(db: Db, userId: number, now = new Date()) {
  const [preorders, autoPurchase] = await Promise.all([
    memberPreorders(db, userId, now),
    autoPurchaseOverview(db, userId, now),
  ]);
  return { preorders, autoPurchase };
}

/**
 * What an announced volume's page offers (予約する, 予約中, or nothing), the same answer as
 * GET /api/preorders/offer: read with the page, so the box is there at first paint.
 */
export async function volumePreorderOffer(db: Db, userId: number | null, bookId: number) {
  // A volume only staff can see yet (a preview) offers nothing, as the box showed nothing.
  return preorderOffer(db, userId, bookId, new Date()).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
}
