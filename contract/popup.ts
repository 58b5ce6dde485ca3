// Requests and answers of the popup calls (spec 001 §2.7, §3 Popup, §4 popup queue, §7.4).
import { z } from "zod";
import { GENRE_IDS } from "./genres";
import { blankToUndefined, integerIn, oneOfNumbers, recordId } from "./input";
import type { SeriesItem } from "./items";

/** Screens that fetch popups; a popup stored for '*' is queued on every one of them. */
export const POPUP_PAGES = [
  "home",
  "series",
  "bookshelf",
  "campaign",
  "free",
  "ranking",
  "search",
  "otoku",
] as const;
export type PopupPage = (typeof POPUP_PAGES)[number];

const popupPage = z.enum(POPUP_PAGES, {
  message: `page は ${POPUP_PAGES.join(", ")} のいずれかで指定してください`,
});
const optionalId = (field: string) => z.preprocess(blankToUndefined, recordId(field).optional());
const genre = oneOfNumbers(GENRE_IDS, "genre は存在するジャンルで指定してください");

/** /api/popups {page, num, series}: num caps how many are queued (all when not given). */
export const popupsInput = z.object({
  page: popupPage,
  num: z.preprocess(
    blankToUndefined,
    integerIn(1, 50, "num は1〜50の整数で指定してください").optional(),
  ),
  series: optionalId("series"),
});
export const popupOpenInput = z.object({ page: popupPage, popup: recordId("popup") });
export const popupCloseInput = z.object({
  popup: recordId("popup"),
  /** true: the member chose 今後表示しない, so this popup is not queued for them again. */
  hide: z.boolean({ message: "hide は true か false で指定してください" }).default(false),
});
export const popupSignupCouponInput = z.object({
  book: optionalId("book"),
  popup: recordId("popup"),
});
export const popupGenreCampaignInput = z.object({ genre });
export const popupPickupFreeInput = z.object({ genre, series: optionalId("series") });
export const popupBookInfoInput = z.object({ popup: recordId("popup") });
export const popupCreativeInfoInput = z.object({
  popup: recordId("popup"),
  series: optionalId("series"),
});

/**
 * What a popup's display settings may hold (stored as data; which keys a type reads is in
 * app/features/popup). Unknown keys are ignored.
 */
export interface PopupDisplay {
  /** false: no close button, Esc does nothing (type 6). Default true. */
  dismissible?: boolean;
  /** Lead-link popups (3, 5) show a PR mark: the link leaves the store. */
  pr?: boolean;
  /** Scroll ratio (percent) past which a scroll-triggered popup opens. */
  scroll_ratio?: number;
  discount_rate?: number;
  price_min?: number;
  price_max?: number;
  display?: boolean;
  genre_read?: boolean;
  image_name?: string;
  koma?: string[];
  series_ids?: number[];
  countdown?: boolean;
  /** Type 1 shown as the pickup-campaign popup (今イチオシの特集はこちら！). */
  pickup?: boolean;
  /** Title texts of the random control groups 1–3, 4–6 and 7–9 (spec 001 §9). */
  ctrl_titles?: [string, string, string];
  /** Title for members outside those groups; {nickname} is replaced. */
  nickname_title?: string;
  position?: "bottom-right";
  /** Shown only to sessions that arrived from these ads (utm_source, optional utm_medium). */
  utm?: Array<{ source: string; medium?: string }>;
}

export interface PopupView {
  popup_id: number;
  popup_type: number;
  tracking_name: string;
  title: string;
  body: string;
  img: string | null;
  link_url: string | null;
  button_label: string | null;
  series_id: number | null;
  book_id: number | null;
  campaign_id: number | null;
  display: PopupDisplay;
  /** The volume the popup is about (continue reading, practical free, staff book), as a card. */
  book_data: SeriesItem | null;
  /** Type 31: seconds until the coupon campaign ends (the countdown shows below 3 days). */
  expire_seconds: number | null;
  /** Type 1 with display.pickup: the campaign it shows. */
  pickup: PopupPickup | null;
}

export interface PopupsAnswer {
  result: true;
  popups: PopupView[];
  /** Genre of the volume the member read last; null when nothing is read yet. */
  last_read_genre: number | null;
}

export interface PopupOpenAnswer {
  result: true;
  open_count: number;
}

export interface PopupCloseAnswer {
  result: true;
  hidden: boolean;
}

export interface PopupSignupCouponAnswer {
  result: true;
  discount_rate: number;
  book_data: SeriesItem | null;
  /** 3 series beside a target book, 6 without one (spec 001 §9). */
  recommends: SeriesItem[];
}

export interface PopupCampaign {
  campaign_id: number;
  name: string;
  img: string | null;
  url: string;
}

export interface PopupGenreCampaignAnswer {
  result: true;
  campaigns: PopupCampaign[];
}

export interface PopupPickupFreeAnswer {
  result: true;
  data: SeriesItem[];
}

export interface PopupBookInfoAnswer {
  result: true;
  book_data: SeriesItem | null;
}

export interface PopupCreativeInfoAnswer {
  result: true;
  koma: string[];
  series: SeriesItem[];
}

/** The pickup-campaign popup: one campaign's banner, its first series, and where もっと見る goes. */
export interface PopupPickup {
  campaign: PopupCampaign;
  /** Up to 6 (spec 001 §9). */
  series: SeriesItem[];
  /** The campaign's pickup_more_url, else the campaign itself. */
  more_url: string;
}
