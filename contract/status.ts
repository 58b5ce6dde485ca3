/** The answer of /api/status (spec 001 §3 "Session status"). Dates are Tokyo dates. */
export interface SessionStatus {
  is_login: boolean;
  is_paid: boolean;
  /** "2026-11-21 09:30:00" */
  now: string;
  hour: number;
  /** "20261121" */
  today: string;
  /** "202611" */
  this_month: string;
  last_month: string;
  /** "20261130" */
  end_of_month: string;
  /** Unix seconds. */
  timestamp: number;
  /** 0 night (0–5 h), 1 morning, 2 afternoon, 3 evening. */
  time_group: number;
  /** Unix seconds of the hour campaigns last switched at. */
  current_cp_ts: number;
  uid: string;
  user_type: string;
  session: string;
  ctrl_group: number;
  pay_count: number;
  signup_date: string;
  last_pay_date: string;
  last_read_date: string;
  /** Unix seconds of sign-up; 0 for visitors. */
  signup_time: number;
  signup_month: string;
  month_pay_max: number;
  signup_page: string;
  login_page: string;
  account_page: string;
  leave_page: string;
  passports_page: string;
  confirm_page: string;
  os: "android" | "ios" | "other";
  device: "sp" | "pc";
  adef: string;
  use_cache: boolean;
  cache_key: string;
}

export interface Workspace {
  name: string;
  color: string;
  detail?: { rank: string; id: string; time: string } | null;
  add_list?: Array<{ label: string; url: string }>;
}

/** The answer of /api/user (spec 001 §3 "User status"). */
export interface UserStatus {
  nickname: string;
  introduction: string;
  profile_id: string;
  badge: { no_buy_new: boolean };
  display_agreement_flag: boolean;
  workspace: Workspace | null;
  current_stamp_no: number;
  point: number;
  cart_count: number;
  cart_price: number;
  coupon_count: number;
  enable_coupon: number[];
  used_coupon: number[];
  received_coupon: number[];
  upcoming_coupon_ids: number[];
  enable_refund: number[];
  target_popup: number[];
  bookshelf_new_count: number;
  /** 新刊のお知らせ not read yet (decision 0114): the header's bell badge. */
  notice_unread_count: number;
  signup_coupon_expire_seconds: number;
  special_sale_expire_seconds: number;
  newsletter_flag: boolean;
  is_today_stamp: boolean;
}

export const SHELL_PAGES = {
  signup_page: "/signup",
  login_page: "/login",
  account_page: "/account",
  leave_page: "/leave",
  passports_page: "/account#passports",
  confirm_page: "/account#confirm",
} as const;

/** What /api/user answers for a visitor: every member field at its empty value. */
export const VISITOR_USER_STATUS: Readonly<UserStatus> = Object.freeze({
  nickname: "",
  introduction: "",
  profile_id: "",
  badge: { no_buy_new: false },
  display_agreement_flag: false,
  workspace: null,
  current_stamp_no: 0,
  point: 0,
  cart_count: 0,
  cart_price: 0,
  coupon_count: 0,
  enable_coupon: [],
  used_coupon: [],
  received_coupon: [],
  upcoming_coupon_ids: [],
  enable_refund: [],
  target_popup: [],
  bookshelf_new_count: 0,
  notice_unread_count: 0,
  signup_coupon_expire_seconds: 0,
  special_sale_expire_seconds: 0,
  newsletter_flag: false,
  is_today_stamp: false,
});
