import type { CatalogListQuery } from "../../contract/ops-catalog";
import type { AppServices } from "../lib/context";
import { couponFormChoices, getCoupon, listCoupons } from "../modules/coupon-editor/service";

/**
 * The pages of the coupon editor (issue 24): the same answers as the GET calls of
 * /api/ops/coupons, and the choices of the form. A null id is a new coupon's empty form.
 */

export const opsCouponList = (services: AppServices, query: CatalogListQuery) =>
  listCoupons(services.db, query);

export async function opsCouponPage(services: AppServices, id: number | null) {
  const [coupon, choices] = await Promise.all([
    id === null ? null : getCoupon(services.db, id),
    couponFormChoices(services.db),
  ]);
  return { coupon, choices };
}
