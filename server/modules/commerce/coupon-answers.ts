import { z } from "zod";
import type { CampaignPageAnswer } from "../../../contract/campaign";
import { pageNumber, recordId } from "../../../contract/input";
import {
  type CampaignCouponAnswer,
  COUPON_COUNTDOWN_SECONDS,
  type CouponView,
} from "../../../contract/ledgers";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { campaignCoupons, type MemberCouponRow } from "./coupons";

/** "2026-06-01 23:59": minutes are what a coupon's end is read in. */
const dateMinute = (at: Date) => tokyoDateTime(at).slice(0, 16);

/** A coupon as the coupon pages show it, with its countdown and whether it can be used now. */
export function couponView(row: MemberCouponRow, now: Date): CouponView {
  const { coupon, held } = row;
  const end = held?.expiresAt ?? coupon.endAt;
  const seconds = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
  const usable = held !== null && !held.usedAt && seconds > 0 && coupon.startAt <= now;
  return {
    coupon_id: coupon.couponId,
    coupon_type: coupon.couponType,
    name: coupon.name,
    description: coupon.description,
    discount_type: coupon.discountType,
    discount_value: coupon.discountValue,
    max_discount: coupon.maxDiscount,
    min_price: coupon.minPrice,
    campaign_id: coupon.campaignId,
    start_date: dateMinute(coupon.startAt),
    end_date: dateMinute(end),
    expire_seconds: seconds,
    countdown: usable && seconds < COUPON_COUNTDOWN_SECONDS,
    received_flag: held !== null,
    used_flag: Boolean(held?.usedAt),
    disabled: held === null ? seconds === 0 || coupon.startAt > now : !usable,
  };
}

/** The campaign page with its targets, assembled in server/pages/campaign.ts; handed in by the registry. */
export interface CouponPages {
  runningCampaignPage(
    db: Db,
    campaignId: number,
    pageNo: number,
    userId: number | null,
  ): Promise<CampaignPageAnswer>;
}

export const campaignCouponInput = z.object({
  campaign: recordId("campaign"),
  pn: pageNumber(10_000, "pn"),
});

/**
 * A coupon campaign's coupons and one page of its targets, for /api/coupon and the /coupon page
 * alike. An ended or unknown campaign is the campaign page's typed failure (404).
 */
export async function campaignCouponAnswer(
  db: Db,
  { runningCampaignPage }: CouponPages,
  { campaign, pn }: z.infer<typeof campaignCouponInput>,
  userId: number,
  now: Date,
): Promise<CampaignCouponAnswer> {
  const page = await runningCampaignPage(db, campaign, pn, userId);
  const rows = await campaignCoupons(db, userId, campaign, now);
  return {
    result: true,
    campaign: page.campaign,
    coupon: rows.map((r) => couponView(r, now)),
    targets: page.targets,
    pattern: page.pattern,
  };
}
