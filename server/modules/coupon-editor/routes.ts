import { Hono } from "hono";
import { z } from "zod";
import { recordId } from "../../../contract/input";
import { catalogIdParams, catalogListQuery } from "../../../contract/ops-catalog";
import { couponPayload, filterCountPayload, issuePayload } from "../../../contract/ops-coupons";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import { staffWith } from "../staff/request";
import {
  createCoupon,
  editCoupon,
  filterCount,
  getCoupon,
  getIssue,
  issueCouponTo,
  listCoupons,
} from "./service";

const issueParams = z.object({ id: recordId("id"), issueId: recordId("issue_id") });

/**
 * /api/ops/coupons (issue 24): thin handlers, each the role check first (reading: ops.read;
 * writing and issuing: prices.write), then the zod payload, then one audited write.
 */
export function couponEditorRoutes(services: AppServices): Hono<AppEnv> {
  const deps = {
    db: services.db,
    changes: services.changes,
    jobs: services.jobs,
    memberKept: services.memberKept,
  };
  const routes = new Hono<AppEnv>();

  routes.get("/coupons", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({
      result: true,
      ...(await listCoupons(services.db, readQuery(c, catalogListQuery))),
    });
  });
  routes.get("/coupons/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    return c.json({ result: true, coupon: await getCoupon(services.db, id) });
  });
  routes.get("/coupons/:id/issues/:issueId", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id, issueId } = readParams(c, issueParams);
    return c.json({ result: true, issue: await getIssue(services.db, id, issueId) });
  });
  routes.post("/coupons", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const input = await readJson(c, couponPayload);
    return c.json({ result: true, coupon: await createCoupon(deps, staff, input) });
  });
  routes.post("/coupons/:id", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, couponPayload);
    return c.json({ result: true, coupon: await editCoupon(deps, staff, id, input) });
  });
  routes.post("/coupons/:id/issue", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, issuePayload);
    return c.json({ result: true, issue: await issueCouponTo(deps, staff, id, input) });
  });
  // The issuing form's live count: part of issuing, so the same right; it writes nothing.
  routes.post("/coupons/:id/issue/filter-count", async (c) => {
    await staffWith(c, services, "prices.write");
    const { id } = readParams(c, catalogIdParams);
    const { filter } = await readJson(c, filterCountPayload);
    return c.json({ result: true, ...(await filterCount(services.db, id, filter)) });
  });

  return routes;
}
