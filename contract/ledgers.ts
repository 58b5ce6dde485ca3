import type { CampaignPageAnswer } from "./campaign";
import type { Pattern } from "./items";

// Answers of the point, coupon and present-box calls (spec 001 §3 Point, Coupon, Present box;
// §7.4). Dates are Tokyo calendar days "2026-06-01"; amounts are points (1 point = 1 yen).

/** Why a point history line happened; what the history shows beside it is POINT_HISTORY_TEXT. */
export type PointHistoryType =
  | "purchase"
  | "campaign"
  | "stamp"
  | "present"
  | "refund"
  | "signup"
  | "lottery"
  | "review"
  | "adjust"
  | "use"
  | "cancel"
  | "expire";

export const POINT_HISTORY_TEXT: Record<PointHistoryType, string> = {
  purchase: "購入特典",
  campaign: "キャンペーン",
  stamp: "ログインスタンプ",
  present: "プレゼント",
  refund: "ポイント還元",
  signup: "会員登録特典",
  lottery: "抽選",
  review: "レビュー投稿",
  adjust: "調整",
  use: "ポイント利用",
  cancel: "注文取消",
  expire: "有効期限切れ",
};

/** Points expiring within this many days are listed as 失効予定. */
export const POINT_EXPIRE_SOON_DAYS = 30;
export const POINT_HISTORY_PAGE_SIZE = 30;

export interface PointAnswer {
  result: true;
  point: number;
}

export interface PointExpireLine {
  point: number;
  expire_date: string;
}

export interface PointHistoryLine {
  date: string;
  type: PointHistoryType;
  type_text: string;
  /** Signed: earned and given back positive, spent and expired negative. */
  point: number;
  /** When earned points run out; null for points that never expire and for spends. */
  expire_date: string | null;
  description: string | null;
  order_id: number | null;
}

export interface PointHistoryAnswer {
  result: true;
  point: number;
  expire: PointExpireLine[];
  history: PointHistoryLine[];
  pattern: Pattern;
}

/** A coupon shows its countdown while 0 < seconds left < this (3 days, spec 001 §4 and §9). */
export const COUPON_COUNTDOWN_SECONDS = 259_200;

export interface CouponView {
  coupon_id: number;
  /** 1 every item, 2 a campaign's targets, 3 listed series, 4 listed volumes, 5 a genre. */
  coupon_type: number;
  name: string;
  description: string | null;
  /** 1 percent off, 2 yen off. */
  discount_type: number;
  discount_value: number;
  max_discount: number | null;
  min_price: number;
  campaign_id: number | null;
  start_date: string;
  /** When it stops being usable for this member: "2026-06-01 23:59". */
  end_date: string;
  /** Seconds until end_date, 0 once past. */
  expire_seconds: number;
  /** Show the countdown: received, unused and 0 < expire_seconds < 259200. */
  countdown: boolean;
  received_flag: boolean;
  used_flag: boolean;
  /** Cannot be used now: used, run out, or not started. */
  disabled: boolean;
}

export interface CouponsAnswer {
  result: true;
  coupon: CouponView[];
}

/** /api/coupon {campaign, pn}: a coupon campaign's coupons and a page of the titles they fit. */
export interface CampaignCouponAnswer {
  result: true;
  campaign: CampaignPageAnswer["campaign"];
  coupon: CouponView[];
  targets: CampaignPageAnswer["targets"];
  pattern: Pattern;
}

export interface PresentView {
  present_id: number;
  caption: string;
  message: string | null;
  /** What the present holds: a volume or drama CD, points, or a coupon. */
  kind: "item" | "point" | "coupon";
  item_id: number | null;
  book_id: number | null;
  cd_id: number | null;
  series_id: number | null;
  point: number;
  coupon_id: number | null;
  coupon_name: string | null;
  date: string;
  /** Last day it can be received; null when it stays. */
  expire_date: string | null;
}

export interface PresentListAnswer {
  result: true;
  present_list: PresentView[];
  /** Something is waiting, so すべて受け取る can be pressed. */
  all_receve_flag: boolean;
}

export interface PresentReceiveAnswer {
  result: true;
  message: string;
  caption: string;
  item: PresentView[];
}
