import { Hono } from "hono";
import { z } from "zod";
import { recordId } from "../../../contract/input";
import type { CouponsAnswer } from "../../../contract/ledgers";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields, readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import {
  type CouponPages,
  campaignCouponAnswer,
  campaignCouponInput,
  couponView,
} from "./coupon-answers";
import { memberCoupons, receiveCoupon } from "./coupons";

const COUPON_LOGIN = "クーポンのご利用にはログインが必要です";

const receiveInput = z.object({ coupon_id: recordId("coupon_id") });

/** /api/coupons, /api/coupon and /api/coupon_receive (spec 001 §7.4). */
export function couponRoutes(services: AppServices, pages: CouponPages) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/coupons", async (c) => {
    const member = requireMember(c, COUPON_LOGIN);
    const now = new Date();
    const rows = await memberCoupons(db, member.userId, now);
    return c.json({
      result: true,
      coupon: rows.map((r) => couponView(r, now)),
    } satisfies CouponsAnswer);
  });

  // A coupon campaign's page: its coupons and the titles they apply to, paged like a campaign.
  routes.post("/coupon", async (c) => {
    const member = requireMember(c, COUPON_LOGIN);
    const input = await readFields(c, campaignCouponInput);
    return c.json(await campaignCouponAnswer(db, pages, input, member.userId, new Date()));
  });

  routes.post("/coupon_receive", async (c) => {
    const member = requireMember(c, COUPON_LOGIN);
    const { coupon_id } = await readJson(c, receiveInput);
    const now = new Date();
    const { received } = await receiveCoupon(db, member.userId, coupon_id, now);
    return c.json({ result: true, received });
  });

  return routes;
}
