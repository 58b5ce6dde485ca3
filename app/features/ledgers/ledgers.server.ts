import type { AppLoadContext } from "react-router";
import { pageNumber } from "../../../contract/input";
import type { CampaignCouponAnswer, CouponsAnswer } from "../../../contract/ledgers";
import { campaignCouponPage, couponsPage, pointDetailPage } from "../../../server/pages/ledgers";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";

/** /point_detail?pn=2: a malformed page shows the first. */
export function loadPointDetail(context: AppLoadContext, userId: number, request: Request) {
  const asked = pageNumber(1000).safeParse(
    new URL(request.url).searchParams.get("pn") ?? undefined,
  );
  return pointDetailPage(context.services.db, userId, asked.success ? asked.data : 1);
}

export function loadCoupons(context: AppLoadContext, userId: number): Promise<CouponsAnswer> {
  return couponsPage(context.services.db, userId);
}

export function loadCampaignCoupon(
  context: AppLoadContext,
  userId: number,
  request: Request,
): Promise<CampaignCouponAnswer> {
  return orPageFailure(() => campaignCouponPage(context.services.db, userId, pageQuery(request)));
}
