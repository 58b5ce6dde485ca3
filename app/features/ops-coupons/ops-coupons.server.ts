import type { AppLoadContext } from "react-router";
import { catalogListQuery } from "../../../contract/ops-catalog";
import { roleMay } from "../../../contract/ops-roles";
import { idFromPath } from "../../../contract/row-id";
import { NotFound } from "../../../server/lib/errors";
import { parseInput } from "../../../server/lib/input";
import { opsCouponList, opsCouponPage } from "../../../server/pages/ops-coupons";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The coupon editor's pages (issue 24). Each asks for ops.read first, as the calls do, and says
 * whether the staff member may save and issue (prices.write), so a support member reads the
 * coupon and its counts without buttons that would only be refused.
 */
async function reader(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "ops.read");
  return { mayWrite: roleMay(staff.role, "prices.write") };
}

export async function loadCouponList(context: AppLoadContext, request: Request) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    const query = parseInput(catalogListQuery, pageQuery(request));
    return { query, mayWrite, list: await opsCouponList(context.services, query) };
  });
}

export async function loadCoupon(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    let id: number | null = null;
    if (rawId !== undefined) {
      id = idFromPath(rawId);
      if (id === null) throw new NotFound("クーポンが見つかりませんでした");
    }
    return { mayWrite, ...(await opsCouponPage(context.services, id)) };
  });
}
