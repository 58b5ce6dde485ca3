import { Hono } from "hono";
import {
  grantPointsPayload,
  grantPresentPayload,
  mailIdParams,
  memberIdParams,
  memberSearchQuery,
  refundLineParams,
  refundOrderParams,
  supportReasonPayload,
} from "../../../contract/ops-members";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import type { PaymentProvider } from "../commerce/payments/provider";
import { staffWith } from "../staff/request";
import {
  grantPoints,
  grantPresent,
  lockMember,
  memberPage,
  refundLine,
  refundOrder,
  resendMail,
  revokeSessions,
  searchMembers,
} from "./service";

/**
 * /api/ops/members (issue 24): member support. Reading needs members.read, every action
 * members.write; each action is audited with its reason in the action's transaction, and moves
 * the member's version after commit, so their kept pages and session show the change at once
 * (decision 0080).
 */
export function memberSupportRoutes(
  services: AppServices,
  paymentProvider: PaymentProvider,
): Hono<AppEnv> {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    await staffWith(c, services, "members.read");
    return c.json({ result: true, ...(await searchMembers(db, readQuery(c, memberSearchQuery))) });
  });

  routes.get("/:memberId", async (c) => {
    await staffWith(c, services, "members.read");
    const { memberId } = readParams(c, memberIdParams);
    return c.json({ result: true, ...(await memberPage(db, memberId)) });
  });

  routes.post("/:memberId/points", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { memberId } = readParams(c, memberIdParams);
    const input = await readJson(c, grantPointsPayload);
    const done = await grantPoints(db, staff, memberId, input);
    await services.memberKept.changed(memberId);
    return c.json({ result: true, ...done });
  });

  routes.post("/:memberId/presents", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { memberId } = readParams(c, memberIdParams);
    const input = await readJson(c, grantPresentPayload);
    const done = await grantPresent(db, staff, memberId, input);
    await services.memberKept.changed(memberId);
    return c.json({ result: true, ...done });
  });

  routes.post("/:memberId/sessions/revoke", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { memberId } = readParams(c, memberIdParams);
    const { reason } = await readJson(c, supportReasonPayload);
    const done = await revokeSessions(db, staff, memberId, reason);
    await services.memberKept.changed(memberId);
    return c.json({ result: true, ...done });
  });

  for (const [path, locked] of [
    ["lock", true],
    ["unlock", false],
  ] as const) {
    routes.post(`/:memberId/${path}`, async (c) => {
      const staff = await staffWith(c, services, "members.write");
      const { memberId } = readParams(c, memberIdParams);
      const { reason } = await readJson(c, supportReasonPayload);
      const done = await lockMember(db, staff, memberId, locked, reason);
      await services.memberKept.changed(memberId);
      return c.json({ result: true, ...done });
    });
  }

  routes.post("/:memberId/mails/:mailId/resend", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { memberId, mailId } = readParams(c, mailIdParams);
    const { reason } = await readJson(c, supportReasonPayload);
    return c.json({ result: true, ...(await resendMail(db, staff, memberId, mailId, reason)) });
  });

  routes.post("/:memberId/orders/:orderId/lines/:orderItemId/refund", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { memberId, orderId, orderItemId } = readParams(c, refundLineParams);
    const { reason } = await readJson(c, supportReasonPayload);
    const done = await refundLine(db, paymentProvider, staff, {
      userId: memberId,
      orderId,
      orderItemId,
      reason,
    });
    await services.memberKept.changed(memberId);
    return c.json({ result: true, ...done });
  });

  // Every line not refunded yet, in one step and once (decision 0104).
  routes.post("/:memberId/orders/:orderId/refund", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { memberId, orderId } = readParams(c, refundOrderParams);
    const { reason } = await readJson(c, supportReasonPayload);
    const done = await refundOrder(db, paymentProvider, staff, {
      userId: memberId,
      orderId,
      reason,
    });
    await services.memberKept.changed(memberId);
    return c.json({ result: true, ...done });
  });

  return routes;
}
