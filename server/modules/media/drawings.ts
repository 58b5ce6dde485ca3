import type { Drawer } from "../../lib/drawer.ts";

/**
 * What the media module may ask to be drawn, and the answer's shape: the demo's art and sound
 * are made by the seed tooling on threads of their own (server/db/seed/art, decision 0119), never
 * on the thread that serves requests. This module names the inputs, keys the stored files
 * (files.ts) and serves them; it never loads the code that draws.
 */

export const MAX_PAGE_COUNT = 10_000;
export const MAX_VOLUME = 9999;

export interface CoverInput {
  seriesId: number;
  volume?: number;
  /** The series' Japanese name. */
  title?: string;
  author?: string;
  /** The series' first genre (contract/genres.ts); picks the cover's style. */
  genre?: number;
  width?: number;
  height?: number;
}

export interface PageInput {
  bookId: number;
  page: number;
  pageCount: number;
  width?: number;
  height?: number;
  /** A タテヨミ episode's page: part of one strip, so no page number and no paper at its ends. */
  strip?: boolean;
}

export interface BannerInput {
  id: number;
  headline?: string;
  sub?: string;
  /** A short offer such as "50%OFF" or "1巻無料", drawn in a star badge. */
  badge?: string;
  /** Covers to fan out on the right (a campaign's series). */
  covers?: CoverInput[];
  /** Art only, no headline or badge: the slot prints its own caption over it (carousels). */
  keyVisual?: boolean;
  /**
   * An outside advertiser's image (a topic page's 【PR】 lead link): drawn plainly, in grey with a
   * PR mark, so it never passes for the store's own campaign banner.
   */
  ad?: boolean;
  width?: number;
  height?: number;
}

export interface JacketInput {
  cdId: number;
  title?: string;
  sub?: string;
  width?: number;
  height?: number;
}

export type SquareStyle = "appeal" | "comment" | "author" | "stamp";

export interface SquareInput {
  id: number;
  style?: SquareStyle;
  label?: string;
  sub?: string;
  size?: number;
}

/** A CD holds at most about 80 minutes. */
export const MAX_TRACK_SECONDS = 4800;
export const MAX_TRIAL_SECONDS = 60;
export const MAX_TRACK_NO = 999;

export interface TrackAudioInput {
  cdId: number;
  trackNo: number;
  seconds: number;
}

/** The formats images are sent in: WebP to browsers that say they take it, PNG otherwise. */
export type ImageFormat = "webp" | "png";

/** WebP when the Accept header names it (every current browser does), else PNG. */
export function formatFor(accept: string | undefined): ImageFormat {
  return /\bimage\/webp\b/i.test(accept ?? "") ? "webp" : "png";
}

/** One file to draw: a picture in a format, or a drama CD's track or trial as MP3. */
export type DrawRequest =
  | { kind: "cover"; input: CoverInput; format: ImageFormat }
  | { kind: "page"; input: PageInput; format: ImageFormat }
  | { kind: "banner"; input: BannerInput; format: ImageFormat }
  | { kind: "jacket"; input: JacketInput; format: ImageFormat }
  | { kind: "square"; input: SquareInput; format: ImageFormat }
  | { kind: "track"; input: TrackAudioInput }
  | { kind: "trial"; input: TrackAudioInput };

/** Draws a file's bytes, away from the serving thread. */
export type MediaDrawer = Drawer<DrawRequest>;
