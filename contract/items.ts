/**
 * The item shapes of spec 000 §3, as the shared and personal calls answer them and the cards
 * render them. Flags are booleans; user flags (get/cart/favorite) are false in shared answers and
 * set afterwards from /api/personal/user/items.
 */
export interface GenreRef {
  genre_id: number;
  name: string;
}

export interface AuthorRef {
  author_id: number;
  name: string;
}

/** 101 sale, 102/103 partly free, 104/105 trial increase (立ち読み増量), 106 other campaign. */
export type PolicyType = 101 | 102 | 103 | 104 | 105 | 106;

export interface SeriesItem {
  series_id: number;
  book_id: number | null;
  item_id: number | null;
  series_name: string;
  name: string;
  title: string;
  url: string;
  img: string;
  latest_cover: string;
  cover: string;
  volume: number | null;
  volume_count: number;
  volume_count_own: number;
  author: string;
  description: string;
  introduction: string;
  rating_average: number;
  rating_count: number;
  appeal_tags: string[];
  feature_tag: string;
  genres: GenreRef[];
  authors: AuthorRef[];
  final_flag: boolean;
  new_flag: boolean;
  free_flag: boolean;
  member_free_flag: boolean;
  onsale_flag: boolean;
  get_flag: boolean;
  cart_flag: boolean;
  favorite_flag: boolean;
  notification_flag: boolean;
  coupon_flag: boolean;
  appeal_cp_flag: boolean;
  trial_increase_flag: boolean;
  sale_pct: number;
  free_count: number;
  trial_page_count: number;
  pub_campaign_id: number | null;
  campaign_end_date: string;
  coupon_end_date: string;
  cp_end_date_label: string;
  item_start_date: string;
  continue_cid: string;
  rank: number | null;
  policy_type: PolicyType | null;
  price: number;
  price_inc: number;
  /** Series appeal card extras. */
  appeal_img?: string | null;
  comment_img?: string | null;
  appeal_title?: string | null;
  appeal_intro?: string | null;
}

export interface CastRef {
  cast_id: number;
  name: string;
}

export interface DramaCdItem {
  cd_id: number;
  item_id: number;
  img: string;
  name: string;
  appeal_text: string;
  appeal_tags: string[];
  casts: CastRef[];
  sale_pct: number;
  /** 1 = percent off by coupon. */
  coupon_discount_type: number | null;
  coupon_discount_value: number | null;
  sale_flag: boolean;
  before_price_inc: number | null;
  price_inc: number;
  coupon_flag: boolean;
  onsale_flag: boolean;
  trial_file_name: string | null;
  get_flag: boolean;
  cart_flag: boolean;
}

export interface FeatureItem {
  img: string;
  title: string;
  description: string;
  series_name: string;
  series_id: number | null;
  url: string;
  feature_tag: string;
  get_flag: boolean;
  free_flag: boolean;
  free_count: number;
  policy_type: PolicyType | null;
  trial_page_count: number;
}

export interface BannerItem {
  link_rotation_id: number;
  url: string;
  img: string;
  /** What the banner says, for screen readers: a banner link's only content is its image. */
  alt: string;
  /** 2 opens a new tab. */
  action_type: number;
}

/** A home section's configuration (spec 000 §3 "Layout"). */
export interface LayoutConfig {
  layout_id: number;
  layout_type: number;
  content_type: number | null;
  title: string;
  icon: string | null;
  more_url: string | null;
  display_number: number;
  campaign_id: number | null;
  frame_class: string | null;
  read_flag: boolean;
  display_new_flag: boolean;
  display_final_flag: boolean;
  display_appeal_flag: boolean;
  display_policy_flag: boolean;
  display_end_label_flag: boolean;
  display_name_flag: boolean;
}

/** Paging (spec 001 §3 "Pattern"). */
export interface Pattern {
  page: number;
  total_page: number;
  limit: number;
  offset: number;
  hit: number;
}

/** /api/personal/user/items: the user's own lists that set the flags on shared answers. */
export interface UserItems {
  cart_items: number[];
  own_items: number[];
  favorite_series: number[];
}

/** Spec 001 §2.1 product links: a volume's page, or a drama CD's. */
export function productUrl(item: {
  series_id: number | null;
  book_id: number | null;
  cd_id: number | null;
}): string {
  if (item.book_id !== null && item.series_id !== null)
    return `/series/${item.series_id}/book/${item.book_id}`;
  return `/doramacd/${item.cd_id}`;
}
