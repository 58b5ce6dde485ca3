import type { PublicationState } from "./ops-catalog-rules";

/**
 * What /api/ops/catalog answers and the editor's pages load (decision 0091): the payloads' own
 * shapes, so a form loads what it sends. Dates are Tokyo datetime-local text.
 */

export interface CatalogList<T> {
  total: number;
  page: number;
  page_size: number;
  rows: T[];
}

export interface SeriesListRow {
  series_id: number;
  name: string;
  name_kana: string;
  publisher_name: string;
  /** Every volume, drafts included. */
  volumes: number;
  /** Volumes in the store and out (the store's volume_count). */
  volume_count: number;
  complete_flag: boolean;
  new_flag: boolean;
  state: PublicationState;
}

export interface VolumeListRow {
  book_id: number;
  item_id: number;
  volume: number;
  title: string;
  price_inc: number;
  sale_price_inc: number | null;
  item_start_date: string | null;
  state: PublicationState;
}

export interface SeriesAnswer {
  series_id: number;
  name: string;
  name_kana: string;
  description: string;
  publisher_id: number;
  label_id: number | null;
  magazine_id: number | null;
  genre_ids: number[];
  category_ids: number[];
  tag_ids: number[];
  authors: Array<{ author_id: number; role: string; name: string }>;
  complete_flag: boolean;
  new_flag: boolean;
  publish_at: string | null;
  state: PublicationState;
  withdrawn_at: string | null;
  volume_count: number;
  latest_book_id: number | null;
  volumes: VolumeListRow[];
}

export interface VolumeAnswer {
  book_id: number;
  series_id: number;
  item_id: number;
  volume: number;
  title: string;
  description: string;
  page_count: number;
  trial_page_count: number;
  trial_increase_flag: boolean;
  onsale_flag: boolean;
  price: number;
  price_inc: number;
  sale_price_inc: number | null;
  sale_start_at: string | null;
  sale_end_at: string | null;
  free_flag: boolean;
  free_start_at: string | null;
  free_end_at: string | null;
  member_free_flag: boolean;
  member_free_start_at: string | null;
  member_free_end_at: string | null;
  item_start_date: string;
  publish_at: string | null;
  state: PublicationState;
  withdrawn_at: string | null;
}

export interface TrackAnswer {
  track_id: number;
  cd_id: number;
  track_no: number;
  name: string;
  duration_sec: number;
  has_trial: boolean;
  /** Withdrawn on its own (decision 0094): out of the store, its owners keep it; null: in. */
  withdrawn_at: string | null;
}

export interface DramaCdAnswer {
  cd_id: number;
  name: string;
  name_kana: string;
  brand_id: number;
  label_id: number;
  series_id: number | null;
  description: string;
  appeal_text: string;
  ethic_type: number;
  final_flag: boolean;
  price_inc: number;
  before_price_inc: number | null;
  sale_start_date: string;
  sale_end_date: string | null;
  state: PublicationState;
  tracks: TrackAnswer[];
}

export interface DramaCdListRow {
  cd_id: number;
  name: string;
  label_name: string;
  sale_start_date: string | null;
  state: PublicationState;
}

export interface Choice {
  id: number;
  name: string;
  publisherId?: number;
  brandId?: number;
}

export interface SeriesChoices {
  publishers: Choice[];
  labels: Choice[];
  magazines: Choice[];
  genres: Choice[];
  categories: Choice[];
  tags: Choice[];
}

/** A reference row: its id column, its fields and whether it is withdrawn. */
export type ReferenceAnswer = Record<string, unknown> & { withdrawn: boolean };
