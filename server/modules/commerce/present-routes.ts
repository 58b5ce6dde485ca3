import { Hono } from "hono";
import { z } from "zod";
import { type GiftClaimAnswer, giftClaimRequest } from "../../../contract/gifts";
import { recordId } from "../../../contract/input";
import type {
  PresentListAnswer,
  PresentReceiveAnswer,
  PresentView,
} from "../../../contract/ledgers";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import { claimGift } from "./gifts";
import { type PresentRow, presentBox, receiveAllPresents, receivePresent } from "./presents";

/** Gift links tried per member: a token cannot be guessed, this spares the database. */
const GIFT_CLAIMS: LimitRule = { name: "gift-claim", points: 20, windowSeconds: 15 * 60 };
const GIFT_LOGIN = "ギフトの受け取りにはログインが必要です";

const PRESENT_LOGIN = "プレゼントの受け取りにはログインが必要です";

function presentView(p: PresentRow): PresentView {
  return {
    present_id: p.presentId,
    caption: p.caption,
    message: p.message,
    kind: p.itemId !== null ? "item" : p.point > 0 ? "point" : "coupon",
    item_id: p.itemId,
    book_id: p.bookId,
    cd_id: p.cdId,
    series_id: p.seriesId,
    point: p.point,
    coupon_id: p.couponId,
    coupon_name: p.couponName,
    date: tokyoIsoDate(p.createdAt),
    expire_date: p.expiresAt ? tokyoIsoDate(new Date(p.expiresAt.getTime() - 1)) : null,
  };
}

const idParam = z.object({ id: recordId("id") });

/** The present box: /api/present (the list), /api/present/all and /api/present/{id} (receive). */
export function presentRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/present", async (c) => {
    const member = requireMember(c, PRESENT_LOGIN);
    const list = await presentBox(db, member.userId, new Date());
    return c.json({
      result: true,
      present_list: list.map(presentView),
      all_receve_flag: list.length > 0,
    } satisfies PresentListAnswer);
  });

  // The gift's mailed link (decision 0113): into the member's present box, once.
  routes.post("/gift/claim", async (c) => {
    const member = requireMember(c, GIFT_LOGIN);
    await throttle(
      c,
      services.limiter,
      GIFT_CLAIMS,
      String(member.userId),
      "しばらく時間をおいてからお試しください",
    );
    const { token } = await readJson(c, giftClaimRequest);
    const claimed = await claimGift(db, member.userId, token, new Date());
    // The giver's kept order history shows the gift 受け取り済み from now (decision 0038).
    await services.memberKept.changed(claimed.giverUserId);
    return c.json({
      result: true,
      message: claimed.again
        ? "このギフトは受け取り済みです。プレゼントボックスをご確認ください"
        : "ギフトをプレゼントボックスに入れました",
    } satisfies GiftClaimAnswer);
  });

  routes.post("/present/all", async (c) => {
    const member = requireMember(c, PRESENT_LOGIN);
    const taken = await receiveAllPresents(db, member.userId, new Date());
    return c.json({
      result: true,
      message:
        taken.length > 0
          ? `${taken.length}件のプレゼントを受け取りました`
          : "受け取れるプレゼントはありません",
      caption: taken[0]?.caption ?? "",
      item: taken.map(presentView),
    } satisfies PresentReceiveAnswer);
  });

  routes.post("/present/:id", async (c) => {
    const member = requireMember(c, PRESENT_LOGIN);
    const { id } = readParams(c, idParam);
    const taken = await receivePresent(db, member.userId, id, new Date());
    return c.json({
      result: true,
      message: "プレゼントを受け取りました",
      caption: taken.caption,
      item: [presentView(taken)],
    } satisfies PresentReceiveAnswer);
  });

  return routes;
}
