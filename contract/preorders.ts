import { z } from "zod";
import { integerIn, recordId } from "./input";
import { type AutoPurchaseStatus, MONTHLY_CAP_MAX, type PreorderStatus } from "./preorder-rules";

/** One reservation (予約購入, decision 0116) as the member sees it. */
export interface Preorder {
  preorder_id: number;
  book_id: number;
  series_id: number;
  title: string;
  series_name: string;
  /** The volume's page. */
  url: string;
  /** 配信日, Tokyo: "2026/12/05". */
  release_date: string;
  /** Yen, tax included, as reserved. */
  reserved_price: number;
  /** What the volume cost when it was paid (the lower of the reserved and release-day price). */
  paid_price: number | null;
  status: PreorderStatus;
  status_label: string;
  /** Why it could not be paid (status failed). */
  message: string | null;
  /** 予約をキャンセル is offered (until the day before 配信日). */
  cancellable: boolean;
  order_id: number | null;
  /** "2026/11/29": when it was reserved. */
  reserved_on: string;
}

/** GET /api/preorders/offer?book_id=: what the volume page's 予約 box shows. */
export interface PreorderOffer {
  book_id: number;
  /** The volume takes reservations now. */
  reservable: boolean;
  /** Why not, when it is announced but cannot be reserved by this member. */
  reason: string | null;
  release_date: string;
  /** 予約価格: yen, tax included, as the pricing rule gives it now. */
  price: number;
  /** The member has a card the reservation can be paid with. */
  has_card: boolean;
  reservation: Preorder | null;
}

export interface PreorderListAnswer {
  result: true;
  preorders: Preorder[];
}

export const preorderOfferQuery = z.object({ book_id: recordId("book_id") });
export const reservePayload = z.object({ book_id: recordId("book_id") });
export const preorderIdParam = z.object({ id: recordId("id") });

/** One series set to 新刊自動購入. */
export interface AutoPurchaseSeries {
  series_id: number;
  series_name: string;
  url: string;
  /** 一時停止中: its new volumes are not bought while set. */
  paused: boolean;
  /** "2026/11/29": volumes released from this day on are bought. */
  since: string;
}

/** One volume the job bought, or decided not to buy. */
export interface AutoPurchaseRecord {
  book_id: number;
  series_id: number;
  title: string;
  url: string;
  status: AutoPurchaseStatus;
  status_label: string;
  amount: number;
  message: string | null;
  /** "2026/11/29" */
  date: string;
}

/** GET /api/auto_purchase: the account page's 新刊自動購入 section. */
export interface AutoPurchaseAnswer {
  result: true;
  /** 月の上限金額 in yen; null: no limit. */
  monthly_cap: number | null;
  /** Pay with points first, the rest by card. */
  use_points: boolean;
  /** Spent on automatic purchases this Tokyo month. */
  month_spent: number;
  series: AutoPurchaseSeries[];
  recent: AutoPurchaseRecord[];
}

/** GET /api/auto_purchase/series/:id: the series page's toggle. */
export interface AutoPurchaseSeriesAnswer {
  result: true;
  enabled: boolean;
  paused: boolean;
}

export const seriesIdParam = z.object({ id: recordId("series_id") });

/** POST /api/auto_purchase/series: on or off for a series, and its pause. */
export const autoPurchaseSeriesPayload = z.object({
  series_id: recordId("series_id"),
  enabled: z.boolean({ message: "enabled は true か false で指定してください" }),
  paused: z.boolean({ message: "paused は true か false で指定してください" }).optional(),
});

/** POST /api/auto_purchase/settings: the monthly cap (null: none) and paying with points. */
export const autoPurchaseSettingsPayload = z.object({
  monthly_cap: z.union(
    [
      z.null(),
      integerIn(
        1,
        MONTHLY_CAP_MAX,
        `月の上限金額は1〜${MONTHLY_CAP_MAX.toLocaleString("ja-JP")}円の整数で指定してください`,
      ),
    ],
    {
      message: `月の上限金額は1〜${MONTHLY_CAP_MAX.toLocaleString("ja-JP")}円の整数で指定してください`,
    },
  ),
  use_points: z.boolean({ message: "use_points は true か false で指定してください" }),
});
