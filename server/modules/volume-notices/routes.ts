import { Hono } from "hono";
import {
  noticeListQuery,
  noticeReadPayload,
  noticeSettingsPayload,
  pushEndpointAllowed,
  pushSubscriptionPayload,
  pushUnsubscribePayload,
} from "../../../contract/volume-notices";
import type { AppEnv, AppServices } from "../../lib/context";
import { BadInput, NotFound } from "../../lib/errors";
import { readJson, readQuery } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import { deleteSubscription, hasSubscription, saveSubscription, vapidKeys } from "./push";
import { markNoticesRead, noticeMailOn, noticePage, setNoticeMail } from "./service";

/** A browser subscribes once; a loop of subscriptions is refused past this. */
const PUSH_SUBSCRIBES: LimitRule = { name: "push-subscribe", points: 20, windowSeconds: 60 * 60 };

/**
 * 新刊のお知らせ (decision 0114): the member's list and its read marks, the mail opt-in, and the
 * Web Push subscription of the browser they are on. Every call is the member's own; POST and
 * DELETE carry the CSRF header like every other write (cookies-and-session.ts).
 */
export function volumeNoticeRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/notices", async (c) => {
    const userId = requireMember(c).userId;
    const { page } = readQuery(c, noticeListQuery);
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, ...(await noticePage(db, userId, page)) });
  });

  routes.post("/notices/read", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, noticeReadPayload);
    const unread = await markNoticesRead(db, userId, input);
    return c.json({ result: true, unread_count: unread });
  });

  routes.get("/notice_settings", async (c) => {
    const userId = requireMember(c).userId;
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, mail: await noticeMailOn(db, userId) });
  });

  routes.post("/notice_settings", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, noticeSettingsPayload);
    return c.json({ result: true, mail: await setNoticeMail(db, userId, input.mail) });
  });

  // The key browsers subscribe with: public by nature, the same for everyone.
  routes.get("/push/public_key", async (c) => {
    const keys = await vapidKeys(services.env);
    return c.json({ result: true, public_key: keys.publicKey });
  });

  // Whether this browser's subscription is kept for the member (the settings checkbox).
  routes.post("/push/subscription/status", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, pushUnsubscribePayload);
    return c.json({ result: true, subscribed: await hasSubscription(db, userId, input.endpoint) });
  });

  routes.post("/push/subscription", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, pushSubscriptionPayload);
    if (!pushEndpointAllowed(input.endpoint, services.env.NODE_ENV === "test"))
      throw new BadInput("endpoint", "endpoint は https:// で始まるアドレスで指定してください");
    await throttle(
      c,
      services.limiter,
      PUSH_SUBSCRIBES,
      String(member.userId),
      "通知の登録が続いたため、しばらく時間をおいてからお試しください",
    );
    await saveSubscription(db, member.userId, {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    });
    return c.json({ result: true, subscribed: true });
  });

  routes.delete("/push/subscription", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, pushUnsubscribePayload);
    if (!(await deleteSubscription(db, userId, input.endpoint)))
      throw new NotFound("この端末の通知は登録されていません");
    return c.json({ result: true, subscribed: false });
  });

  return routes;
}
