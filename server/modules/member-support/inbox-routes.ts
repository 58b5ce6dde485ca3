import { Hono } from "hono";
import {
  inboxQuery,
  inquiryAssignPayload,
  inquiryIdParams,
  inquiryNotePayload,
  inquiryReplyPayload,
  inquiryStatusPayload,
  moderationPayload,
  reviewIdParams,
  reviewQueueQuery,
} from "../../../contract/ops-inbox";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import { staffWith } from "../staff/request";
import {
  assignInquiry,
  changeInquiryStatus,
  inbox,
  inquiryPage,
  moderateReview,
  noteInquiry,
  replyToInquiry,
  reviewQueue,
} from "./inbox";

/** /api/ops/inquiries (issue 24): the inbox of the store's forms, on member support's rights. */
export function inquiryInboxRoutes(services: AppServices): Hono<AppEnv> {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    const staff = await staffWith(c, services, "members.read");
    return c.json({ result: true, ...(await inbox(db, staff, readQuery(c, inboxQuery))) });
  });

  routes.get("/:inquiryId", async (c) => {
    await staffWith(c, services, "members.read");
    const { inquiryId } = readParams(c, inquiryIdParams);
    return c.json({ result: true, ...(await inquiryPage(db, inquiryId)) });
  });

  routes.post("/:inquiryId/status", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { inquiryId } = readParams(c, inquiryIdParams);
    const { status } = await readJson(c, inquiryStatusPayload);
    return c.json({ result: true, ...(await changeInquiryStatus(db, staff, inquiryId, status)) });
  });

  routes.post("/:inquiryId/assign", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { inquiryId } = readParams(c, inquiryIdParams);
    const { assignee } = await readJson(c, inquiryAssignPayload);
    return c.json({ result: true, ...(await assignInquiry(db, staff, inquiryId, assignee)) });
  });

  routes.post("/:inquiryId/notes", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { inquiryId } = readParams(c, inquiryIdParams);
    const { body } = await readJson(c, inquiryNotePayload);
    return c.json({ result: true, ...(await noteInquiry(db, staff, inquiryId, body)) });
  });

  routes.post("/:inquiryId/replies", async (c) => {
    const staff = await staffWith(c, services, "members.write");
    const { inquiryId } = readParams(c, inquiryIdParams);
    const input = await readJson(c, inquiryReplyPayload);
    return c.json({ result: true, ...(await replyToInquiry(db, staff, inquiryId, input)) });
  });

  return routes;
}

/**
 * /api/ops/reviews (issue 24): reported reviews, hidden or restored with a reason. Moderation is
 * support's (members.write), not the editors' (decision 0098).
 */
export function reviewModerationRoutes(services: AppServices): Hono<AppEnv> {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    await staffWith(c, services, "members.read");
    return c.json({ result: true, ...(await reviewQueue(db, readQuery(c, reviewQueueQuery))) });
  });

  for (const [path, hide] of [
    ["hide", true],
    ["restore", false],
  ] as const) {
    routes.post(`/:reviewId/${path}`, async (c) => {
      const staff = await staffWith(c, services, "members.write");
      const { reviewId } = readParams(c, reviewIdParams);
      const { reason } = await readJson(c, moderationPayload);
      const done = await moderateReview(db, staff, reviewId, hide, reason);
      // The author's kept pages (their review list) show the notice at once (decision 0080).
      await services.memberKept.changed(done.author_id);
      return c.json({ result: true, ...done });
    });
  }

  return routes;
}
