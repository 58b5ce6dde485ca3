import {
  startOfTokyoDay,
  tokyoDateNumber,
  tokyoMonth,
  tokyoTime,
} from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import type { SessionMember } from "../../lib/context";
import { enabledRefundIds, refundPeriodDates } from "../commerce/refunds";
import {
  cartItemIds,
  couponSummary,
  paymentSummary,
  receivableCouponIds,
} from "../commerce/service";
import { ownedSeriesIds, readingCounts } from "../library/service";
import { targetPopupIds } from "../popup/service";
import { priceItems } from "../pricing/quote";
import { memberRatingCount } from "../review/service";
import { acceptedEntryIds, completedEntryIds } from "./entries";

/** The campaign source a visitor came from, kept for the session (spec 001 §2.1). */
export interface KeptUtm {
  src: string;
  mdm: string;
  cpn: string;
}

/** Where the topic content is shown: the address, and the series, CD, publisher or genre it is about. */
export interface TopicPlace {
  /** Path and query of the page, matched by a block's `url` rule. */
  url: string;
  utm: KeptUtm;
  seriesId?: number | null;
  cdId?: number | null;
  publisherId?: number | null;
  genreId?: number | null;
}

/**
 * The page-state values of spec 000 §3 that visibility markers and text placeholders read.
 * Computed once per request; visitors get the zero values with isLogin false.
 */
export interface PageState {
  isLogin: boolean;
  isPaid: boolean;
  /** Unix seconds of sign-up; 0 for visitors. */
  signupTime: number;
  /** 202611 */
  signupMonth: string;
  thisMonth: string;
  lastMonth: string;
  /** 20261124 */
  today: string;
  /** 202611241530 */
  now: string;
  nowMs: number;
  endOfMonth: { month: number; day: number };
  payCount: number;
  monthPayMax: number;
  /** What the cart costs now (sale prices). */
  cartPrice: number;
  /** The cart at list prices, before sales. */
  itemPrice: number;
  /** The cart's price counting only series the member already owns (no new series). */
  cartNoNewPrice: number;
  /** Items in the cart. */
  amount: number;
  cartInItemTypes: number[];
  totalRating: number;
  readSeriesCount: number;
  dailyReadSeriesCount: Map<number, number>;
  coupons: { enabled: number[]; received: number[]; used: number[]; upcoming: number[] };
  receivableCoupons: number[];
  popupTargets: number[];
  refundsEnabled: number[];
  refundPeriodDates: Record<number, string>;
  entries: { accepted: number[]; completed: number[] };
  newsletterFlag: boolean;
  place: TopicPlace;
}

const pad = (n: number) => String(n).padStart(2, "0");

function clockValues(now: Date) {
  const t = tokyoTime(now);
  const last = new Date(Date.UTC(t.year, t.month, 0)).getUTCDate();
  return {
    thisMonth: tokyoMonth(now),
    lastMonth: tokyoMonth(now, -1),
    today: tokyoDateNumber(now),
    now: `${tokyoDateNumber(now)}${pad(t.hour)}${pad(t.minute)}`,
    nowMs: now.getTime(),
    endOfMonth: { month: t.month, day: last },
  };
}

export async function pageState(
  db: Db,
  member: SessionMember | null,
  place: TopicPlace,
  now = new Date(),
): Promise<PageState> {
  const [accepted, refundsEnabled, periodDates] = await Promise.all([
    acceptedEntryIds(db, now),
    enabledRefundIds(db, now),
    refundPeriodDates(db),
  ]);
  const base: PageState = {
    isLogin: false,
    isPaid: false,
    signupTime: 0,
    signupMonth: "",
    ...clockValues(now),
    payCount: 0,
    monthPayMax: 0,
    cartPrice: 0,
    itemPrice: 0,
    cartNoNewPrice: 0,
    amount: 0,
    cartInItemTypes: [],
    totalRating: 0,
    readSeriesCount: 0,
    dailyReadSeriesCount: new Map(),
    coupons: { enabled: [], received: [], used: [], upcoming: [] },
    receivableCoupons: [],
    popupTargets: [],
    refundsEnabled,
    refundPeriodDates: periodDates,
    entries: { accepted, completed: [] },
    newsletterFlag: false,
    place,
  };
  if (!member) return base;
  const userId = member.userId;
  const paid = paymentSummary(db, userId);
  const [payments, cartIds, coupons, receivable, popups, ratings, reading, completed] =
    await Promise.all([
      paid,
      cartItemIds(db, userId),
      couponSummary(db, userId, now),
      receivableCouponIds(db, userId, now),
      paid.then((p) =>
        targetPopupIds(
          db,
          userId,
          {
            isPaid: p.payCount > 0,
            signupAt: member.signupAt,
            newsletter: member.newsletterFlag,
            os: null,
          },
          now,
        ),
      ),
      memberRatingCount(db, userId),
      readingCounts(db, userId, startOfTokyoDay(now)),
      completedEntryIds(db, userId),
    ]);
  const [priced, owned] = await Promise.all([
    priceItems(db, cartIds, now),
    ownedSeriesIds(db, userId),
  ]);
  const cart = priced.filter((p) => p.buyable);
  const ownedSeries = new Set(owned);
  return {
    ...base,
    isLogin: true,
    isPaid: payments.payCount > 0,
    signupTime: Math.floor(member.signupAt.getTime() / 1000),
    signupMonth: tokyoMonth(member.signupAt),
    payCount: payments.payCount,
    monthPayMax: payments.monthPayMax,
    cartPrice: sum(cart.map((p) => p.salePrice)),
    itemPrice: sum(cart.map((p) => p.listPrice)),
    cartNoNewPrice: sum(
      cart
        .filter((p) => p.seriesId !== null && ownedSeries.has(p.seriesId))
        .map((p) => p.salePrice),
    ),
    amount: cart.length,
    cartInItemTypes: [...new Set(cart.map((p) => p.itemType))],
    totalRating: ratings,
    readSeriesCount: reading.readSeriesCount,
    dailyReadSeriesCount: reading.todayBySeries,
    coupons: {
      enabled: coupons.enabled,
      received: coupons.received,
      used: coupons.used,
      upcoming: coupons.upcoming,
    },
    receivableCoupons: receivable,
    popupTargets: popups,
    entries: { accepted, completed },
    newsletterFlag: member.newsletterFlag,
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
