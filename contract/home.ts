import type { BannerItem, DramaCdItem, FeatureItem, LayoutConfig, SeriesItem } from "./items";
import type { NewsListItem } from "./news";

/** A pickup-campaign card (layout type 14): the campaign and its first targets. */
export interface PickupCampaign {
  campaign_id: number;
  name: string;
  img: string | null;
  url: string;
  genre_id: number[];
  coupon_flag: boolean;
  info_flag: boolean;
  cp_end_date_label: string;
  pickup_more_url: string;
  pickup_display_number: number;
  items: SeriesItem[];
  /** All targets, so the 'more' tile can show when there are more than 6. */
  item_count: number;
}

/** Author pickup (layout type 20): an author card, then rows of that author's series. */
export type AuthorPickupRow =
  | {
      row: "author";
      author_id: number;
      name: string;
      img: string;
      introduction: string;
    }
  | { row: "series"; author_id: number | null; item: SeriesItem };

/** Carousel slide (layout types 23–26). */
export interface CarouselItem {
  series_id: number | null;
  img: string;
  title: string;
  url: string;
  series_name: string;
}

export interface HotWord {
  word: string;
}

/**
 * The content of one home section, by what its layout type renders. `kind` tells the page which
 * renderer to use; every list is already cut to the page asked for.
 */
export type HomeContent =
  | { kind: "series"; items: SeriesItem[] }
  | { kind: "ranking"; items: SeriesItem[] }
  | { kind: "appeal"; items: SeriesItem[] }
  | { kind: "banners"; items: BannerItem[] }
  | { kind: "features"; items: FeatureItem[] }
  | { kind: "authors"; items: AuthorPickupRow[] }
  | { kind: "carousel"; items: CarouselItem[] }
  | { kind: "dramacds"; items: DramaCdItem[] }
  | { kind: "hot_words"; items: HotWord[] }
  | { kind: "campaigns"; items: PickupCampaign[] };

/** /api/personal/home/{layoutId}/{num}/{page} and its shared twin. */
export interface HomeContentAnswer {
  content: HomeContent;
  more_flag: boolean;
  /** True when the answer came from the shared (cached) call. */
  cache: boolean;
}

/** POST /api/home {genre, pagetype}. */
export interface HomeAnswer {
  genre: number;
  pagetype: number;
  home_layout: LayoutConfig[];
  flick_banner: BannerItem[];
  /** The newest notices, read_flag set from the request's nr cookie. */
  latest_news: NewsListItem[];
  pickup_campaign_ids: number[];
  use_cache: boolean;
  cache_key: string;
}

/** The init calls of spec 001 §7.3. */
export interface InitAnswer {
  use_cache: boolean;
  cache_key: string;
  member_free_vol: number;
  login: boolean;
  os: string;
}
