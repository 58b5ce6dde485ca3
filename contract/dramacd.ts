import { z } from "zod";
import { blankToUndefined, integerIn, pageNumber, recordId } from "./input";
import type { DramaCdItem, Pattern } from "./items";
import { INT4_MAX } from "./row-id";

/** Drama CD list and page answers (spec 001 §3 "Drama CD", §7.4 doramacds / doramacd). */

export const DRAMA_CD_PAGE_SIZE = 24;

const optionalId = (message: string) =>
  z.preprocess(blankToUndefined, integerIn(1, INT4_MAX, message).optional());

/** /api/doramacds {label, cast, content} and /doramacd?label=&cast=&content=&page=. */
export const dramaCdListInput = z.object({
  label: optionalId("label は1以上の整数で指定してください"),
  cast: optionalId("cast は1以上の整数で指定してください"),
  content: optionalId("content は1以上の整数で指定してください"),
  page: pageNumber(),
});
export type DramaCdListInput = z.infer<typeof dramaCdListInput>;

export interface DramaCdListAnswer {
  cds: DramaCdItem[];
  pattern: Pattern;
  /** What the list is narrowed to, named for the page heading. */
  condition: {
    label: { label_id: number; name: string } | null;
    cast: { cast_id: number; name: string } | null;
    content: { layout_id: number; title: string | null } | null;
  };
  /** Every label with CDs on sale, for browsing by label. */
  labels: Array<{ label_id: number; name: string; brand_name: string }>;
}

export interface DramaCdTrack {
  track_id: number;
  track_no: number;
  name: string;
  duration_sec: number;
  file_name: string;
  /** Only for a viewer who may play it in full; the media route refuses everyone else. */
  file_url: string | null;
  trial_file_name: string | null;
  trial_file_url: string | null;
  trial_duration_sec: number | null;
  /** Owned: the full track plays (spec 001 §6). */
  get_flag: boolean;
}

export interface DramaCdCast {
  cast_id: number;
  name: string;
  role: string;
}

export interface DramaCdBonus {
  bonus_id: number;
  name: string;
  description: string;
}

export interface DramaCdDetail extends DramaCdItem {
  brand_id: number;
  brand_name: string;
  label_id: number;
  label_name: string;
  jacket_url: string;
  description: string;
  /** 0 all ages, 1 15+. */
  ethic_type: number;
  final_flag: boolean;
  categories: Array<{ category_id: number; name: string }>;
  series_id: number | null;
}

export interface DramaCdUser {
  favorite: boolean;
  /** track_id → the member's rating 1–5. */
  ratings: Record<string, number>;
  purchased: boolean;
}

/** /api/doramacd/{cdId} → cd, tracks, cast, user, buyable_items, bonus. */
export interface DramaCdPageAnswer {
  cd: DramaCdDetail;
  tracks: DramaCdTrack[];
  cast: DramaCdCast[];
  user: DramaCdUser;
  /** The CD's item while it can be bought: priced, on sale, not owned and not in the cart. */
  buyable_items: DramaCdItem[];
  bonus: DramaCdBonus[];
}

export const TRACK_RATINGS = [1, 2, 3, 4, 5] as const;

export const trackRatingInput = z.object({
  track: recordId("track"),
  rating: integerIn(1, 5, "rating は1〜5の整数で指定してください"),
});
