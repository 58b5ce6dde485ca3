import type { DramaCdItem, Pattern, PolicyType, SeriesItem } from "./items";

/** Campaign list and campaign page answers (spec 001 §3 "Campaign list", "Campaign page"). */

export interface CampaignPolicyView {
  policy_type: PolicyType;
  sale_pct: number | null;
  free_count: number | null;
  trial_page_count: number | null;
  label: string | null;
}

export interface CampaignEntry {
  campaign_id: number;
  name: string;
  /** May contain <b> and <br>; pages render it through sanitizeCampaignMarkup. */
  description: string;
  img: string;
  /** The banner's own link, or null when it opens /campaign/{campaign_id}. */
  action_url: string | null;
  /** Where the banner leads: action_url, else /campaign/{campaign_id}. */
  url: string;
  genre_id: number[];
  coupon_flag: boolean;
  info_flag: boolean;
  new_flag: boolean;
  free_flag: boolean;
  sale_flag: boolean;
  trial_flag: boolean;
  moment_flag: boolean;
  /** Ends within ENDING_SOON_SECONDS. */
  ending_flag: boolean;
  /** YYYY-MM-DD HH:mm (Tokyo); end_date empty when open-ended. */
  start_date: string;
  end_date: string;
  /** "11/30まで", empty when open-ended. */
  end_date_label: string;
  policies: CampaignPolicyView[];
  pickup_more_url: string | null;
  pickup_display_number: number;
}

export interface CategoryCounts {
  new: number;
  free: number;
  sale: number;
  trial: number;
  info: number;
  moment: number;
  /** Not in the spec's list: the count behind the ending-soon filter (2). */
  ending: number;
}

export interface CampaignListAnswer {
  campaign: CampaignEntry[];
  category: CategoryCounts;
  /** Unix seconds the list was made at (the campaign hour for shared answers). */
  ts: number;
}

/** /otoku filters (spec 001 §2.1): 1 new, 2 ending soon, 3 free, 4 SALE. */
export const OTOKU_FILTERS = {
  1: "新着",
  2: "まもなく終了",
  3: "無料",
  4: "SALE",
} as const;
export type OtokuFilter = keyof typeof OTOKU_FILTERS;

/** A campaign counts as ending soon in its last 3 days (the popup countdown window, 259200 s). */
export const ENDING_SOON_SECONDS = 259_200;

export function matchesFilter(entry: CampaignEntry, filter: OtokuFilter | null): boolean {
  switch (filter) {
    case 1:
      return entry.new_flag;
    case 2:
      return entry.ending_flag;
    case 3:
      return entry.free_flag;
    case 4:
      return entry.sale_flag;
    default:
      return true;
  }
}

export interface CampaignTargetView {
  item_id: number | null;
  series_id: number | null;
  cd_id: number | null;
  cart_flag: boolean;
  get_flag: boolean;
  favorite_flag: boolean;
  /** The series (or, for a one-volume target, volume) card. */
  item: SeriesItem | null;
  cd: DramaCdItem | null;
}

export interface CampaignBundle {
  /** What "まとめてカートに入れる" adds: each target's item that can be bought now. */
  item_ids: number[];
  count: number;
  price_inc: number;
}

export interface CampaignPageAnswer {
  campaign: CampaignEntry;
  targets: CampaignTargetView[];
  pattern: Pattern;
  bundle: CampaignBundle;
  /** series_id → every volume of that series target that can be bought now. */
  bundle_child: Record<string, number[]>;
}

/** Campaign pages list this many targets per page. */
export const CAMPAIGN_PAGE_SIZE = 20;

export function pattern(page: number, limit: number, hit: number): Pattern {
  const totalPage = Math.max(1, Math.ceil(hit / limit));
  return { page, total_page: totalPage, limit, offset: (page - 1) * limit, hit };
}
