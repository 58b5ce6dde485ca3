import type { CampaignCouponAnswer, CouponsAnswer } from "../../contract/ledgers";
import type { Db } from "../db/client";
import { parseInput } from "../lib/input";
import {
  campaignCouponAnswer,
  campaignCouponInput,
  couponView,
} from "../modules/commerce/coupon-answers";
import { memberCoupons } from "../modules/commerce/coupons";
import { pointHistoryAnswer } from "../modules/commerce/point-answers";
import { runningCampaignPage } from "./campaign";

/** /point_detail?pn=2: the same answer as /api/point_history. */
export function pointDetailPage(db: Db, userId: number, page: number, now = new Date()) {
  return pointHistoryAnswer(db, userId, page, now);
}

/** /coupon: the same answer as /api/coupons. */
export async function couponsPage(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<CouponsAnswer> {
  const rows = await memberCoupons(db, userId, now);
  return { result: true, coupon: rows.map((r) => couponView(r, now)) };
}

/**
 * /coupon?campaign=12&pn=2: the same answer as /api/coupon. A malformed campaign or page is a 400
 * naming it; an unknown or ended campaign the campaign page's 404.
 */
export function campaignCouponPage(
  db: Db,
  userId: number,
  query: { campaign?: unknown; pn?: unknown },
  now = new Date(),
): Promise<CampaignCouponAnswer> {
  return campaignCouponAnswer(
    db,
    { runningCampaignPage },
    parseInput(campaignCouponInput, { campaign: query.campaign, pn: query.pn }),
    userId,
    now,
  );
}
