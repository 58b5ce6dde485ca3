import type { AppLoadContext } from "react-router";
import { pageNumber } from "../../../contract/input";
import type { CampaignCouponAnswer, CouponsAnswer } from "../../../contract/ledgers";
import { parseInput } from "../../../server/lib/input";
import {
  campaignCouponAnswer,
  campaignCouponInput,
  couponView,
} from "../../../server/modules/commerce/coupon-routes";
import { memberCoupons } from "../../../server/modules/commerce/coupons";
import { pointHistoryAnswer } from "../../../server/modules/commerce/point-routes";
import { runningCampaignPage } from "../../../server/pages/campaign";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";

/** /point_detail?pn=2: the same answer as /api/point_history; a malformed page shows the first. */
export async function loadPointDetail(context: AppLoadContext, userId: number, request: Request) {
  const asked = pageNumber(1000).safeParse(
    new URL(request.url).searchParams.get("pn") ?? undefined,
  );
  return pointHistoryAnswer(
    context.services.db,
    userId,
    asked.success ? asked.data : 1,
    new Date(),
  );
}

/** /coupon: the same answer as /api/coupons. */
export async function loadCoupons(context: AppLoadContext, userId: number): Promise<CouponsAnswer> {
  const now = new Date();
  const rows = await memberCoupons(context.services.db, userId, now);
  return { result: true, coupon: rows.map((r) => couponView(r, now)) };
}

/**
 * /coupon?campaign=12&pn=2: the same answer as /api/coupon. A malformed campaign or page is a 400
 * page naming it; an unknown or ended campaign the campaign page's 404.
 */
export async function loadCampaignCoupon(
  context: AppLoadContext,
  userId: number,
  request: Request,
): Promise<CampaignCouponAnswer> {
  const query = pageQuery(request);
  return orPageFailure(() =>
    campaignCouponAnswer(
      context.services.db,
      { runningCampaignPage },
      parseInput(campaignCouponInput, { campaign: query.campaign, pn: query.pn }),
      userId,
      new Date(),
    ),
  );
}
