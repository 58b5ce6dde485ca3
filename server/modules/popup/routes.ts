import { type Context, Hono } from "hono";
import {
  type PopupBookInfoAnswer,
  type PopupCloseAnswer,
  type PopupCreativeInfoAnswer,
  type PopupGenreCampaignAnswer,
  type PopupOpenAnswer,
  type PopupPickupFreeAnswer,
  type PopupSignupCouponAnswer,
  popupBookInfoInput,
  popupCloseInput,
  popupCreativeInfoInput,
  popupGenreCampaignInput,
  popupOpenInput,
  popupPickupFreeInput,
  popupSignupCouponInput,
  popupsInput,
} from "../../../contract/popup";
import type { AppEnv, AppServices } from "../../lib/context";
import { detectDevice } from "../../lib/device";
import { readFields } from "../../lib/input";
import { bookshelfNewCount } from "../bookshelf/service";
import { cartSummary, paymentSummary } from "../commerce/service";
import { currentStampCard, stampStatus } from "../stamp/service";
import {
  bookInfoData,
  creativeInfoData,
  genreCampaignData,
  type MemberState,
  pickupFreeData,
  popupsForPage,
  recordPopupClose,
  recordPopupOpen,
  signupCouponData,
  type ViewerFacts,
} from "./service";

/**
 * The popup calls of spec 001 §7.4: /api/popups (the page's queue), popup_open / popup_close
 * (seen, closed, hidden for good) and the per-type data calls. GET or POST, like the other
 * feature calls; visitors get popups too, but only a member's open and close are remembered.
 */
export function popupRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.on(["GET", "POST"], "/popups", async (c) => {
    const query = await readFields(c, popupsInput);
    const now = new Date();
    const { viewer, member } = await viewerOf(services, c, now);
    return c.json(await popupsForPage(db, viewer, member, query, now));
  });

  routes.on(["GET", "POST"], "/popup_open", async (c) => {
    const { popup } = await readFields(c, popupOpenInput);
    const userId = c.get("member")?.userId ?? null;
    const openCount = await recordPopupOpen(db, userId, popup, new Date());
    return c.json({ result: true, open_count: openCount } satisfies PopupOpenAnswer);
  });

  routes.on(["GET", "POST"], "/popup_close", async (c) => {
    const { popup, hide } = await readFields(c, popupCloseInput);
    const userId = c.get("member")?.userId ?? null;
    const hidden = await recordPopupClose(db, userId, popup, hide, new Date());
    return c.json({ result: true, hidden } satisfies PopupCloseAnswer);
  });

  routes.on(["GET", "POST"], "/popup_signup_coupon", async (c) => {
    const { popup, book } = await readFields(c, popupSignupCouponInput);
    const data = await signupCouponData(db, popup, book, new Date());
    return c.json({ result: true, ...data } satisfies PopupSignupCouponAnswer);
  });

  routes.on(["GET", "POST"], "/popup_genre_campaign", async (c) => {
    const { genre } = await readFields(c, popupGenreCampaignInput);
    const data = await genreCampaignData(db, genre, new Date());
    return c.json({ result: true, ...data } satisfies PopupGenreCampaignAnswer);
  });

  routes.on(["GET", "POST"], "/popup_pickup_free", async (c) => {
    const { genre, series } = await readFields(c, popupPickupFreeInput);
    const data = await pickupFreeData(db, genre, series, new Date());
    return c.json({ result: true, ...data } satisfies PopupPickupFreeAnswer);
  });

  routes.on(["GET", "POST"], "/popup_book_info", async (c) => {
    const { popup } = await readFields(c, popupBookInfoInput);
    const data = await bookInfoData(db, popup, new Date());
    return c.json({ result: true, ...data } satisfies PopupBookInfoAnswer);
  });

  routes.on(["GET", "POST"], "/popup_creative_info", async (c) => {
    const { popup, series } = await readFields(c, popupCreativeInfoInput);
    const data = await creativeInfoData(db, popup, series, new Date());
    return c.json({ result: true, ...data } satisfies PopupCreativeInfoAnswer);
  });

  return routes;
}

/** The facts the target rules and the type conditions read, for this request's viewer. */
async function viewerOf(
  services: AppServices,
  c: Context<AppEnv>,
  now: Date,
): Promise<{ viewer: ViewerFacts; member: MemberState | null }> {
  const { db } = services;
  const session = c.get("member");
  const { os } = detectDevice(c.req.header("user-agent"));
  const base = {
    isLogin: Boolean(session),
    isPaid: false,
    signupAt: session?.signupAt ?? null,
    newsletter: session?.newsletterFlag ?? false,
    os: os === "other" ? "pc" : os,
    lastReadGenre: null,
    lastReadAt: null,
  };
  if (!session) return { viewer: base, member: null };
  const [payments, cart, newCount, stamp, card] = await Promise.all([
    paymentSummary(db, session.userId),
    cartSummary(db, session.userId, now),
    bookshelfNewCount(db, session.userId, now),
    stampStatus(db, session.userId, now),
    currentStampCard(db, now),
  ]);
  return {
    viewer: { ...base, isPaid: payments.payCount > 0 },
    member: {
      userId: session.userId,
      nickname: session.nickname ?? "",
      cartCount: cart.count,
      bookshelfNewCount: newCount,
      isTodayStamp: stamp.isTodayStamp,
      stampCardRunning: card !== null && card !== undefined,
    },
  };
}
