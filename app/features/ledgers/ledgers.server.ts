import type { AppLoadContext } from "react-router";
import { pageNumber } from "../../../contract/input";
import type { CouponsAnswer } from "../../../contract/ledgers";
import { couponView } from "../../../server/modules/commerce/coupon-routes";
import { memberCoupons } from "../../../server/modules/commerce/coupons";
import { pointHistoryAnswer } from "../../../server/modules/commerce/point-routes";

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
