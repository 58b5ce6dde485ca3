import { type Context, Hono } from "hono";
import {
  categoryLabel,
  inquiryPayload,
  OPINION_RATINGS,
  opinionPayload,
  requestPayload,
} from "../../../contract/messages";
import type { AppEnv, AppServices } from "../../lib/context";
import { BadInput } from "../../lib/errors";
import { readJson } from "../../lib/input";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import { type MessageInput, type SentMessage, sendMessage } from "./service";

function nonceKey(c: Context<AppEnv>, kind: MessageInput["kind"], nonce: string | undefined) {
  return nonce ? `${kind}:${c.get("visitorId")}:${nonce}` : undefined;
}

function answer(c: Context<AppEnv>, sent: SentMessage) {
  return c.json({ result: true, receipt_no: sent.receiptNo, received_at: sent.receivedAt });
}

/** Messages of the three forms from one address in an hour (decision 0053). */
const MESSAGES_FROM_ADDRESS: LimitRule = {
  name: "message",
  points: 10,
  windowSeconds: 60 * 60,
};

/** POST /api/inquiry, /api/opinion and /api/request: the messages of the three forms. */
export function inquiryRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();
  const limit = (c: Context<AppEnv>) =>
    throttle(
      c,
      services.limiter,
      MESSAGES_FROM_ADDRESS,
      c.get("clientAddress"),
      "送信が続いたため、しばらく時間をおいてからお試しください",
    );

  routes.post("/inquiry", async (c) => {
    const input = await readJson(c, inquiryPayload);
    await limit(c);
    const member = c.get("member");
    const email = input.email || member?.email || "";
    // Visitors can only be answered by mail, so their address is required.
    if (!email) throw new BadInput("email", "email: メールアドレスを入力してください");
    const sent = await sendMessage(db, {
      kind: "inquiry",
      userId: member?.userId ?? null,
      email,
      subject: `【${categoryLabel(input.category)}】${input.subject}`,
      body: input.body,
      nonceKey: nonceKey(c, "inquiry", input.nonce),
    });
    return answer(c, sent);
  });

  routes.post("/opinion", async (c) => {
    const input = await readJson(c, opinionPayload);
    await limit(c);
    const member = c.get("member");
    const rating = OPINION_RATINGS.find((r) => r.value === input.rating);
    const sent = await sendMessage(db, {
      kind: "opinion",
      userId: member?.userId ?? null,
      email: member?.email ?? null,
      subject: rating ? `満足度 ${rating.value}（${rating.label}）` : null,
      body: input.body,
      nonceKey: nonceKey(c, "opinion", input.nonce),
    });
    return answer(c, sent);
  });

  routes.post("/request", async (c) => {
    const input = await readJson(c, requestPayload);
    await limit(c);
    const member = c.get("member");
    const body = [
      `作品名：${input.title}`,
      `著者名：${input.author || "（未入力）"}`,
      `出版社：${input.publisher || "（未入力）"}`,
      `コメント：${input.comment || "（なし）"}`,
    ].join("\n");
    const sent = await sendMessage(db, {
      kind: "request",
      userId: member?.userId ?? null,
      email: member?.email ?? null,
      subject: input.title,
      body,
      nonceKey: nonceKey(c, "request", input.nonce),
    });
    return answer(c, sent);
  });

  return routes;
}
