import type { SeriesItem } from "./items";

/**
 * Recommendation kinds (spec 000 §3 rec_type; 001 §2.7): 1 picks for the member, 2 works like a
 * series, 3 its authors' other works, 4 free works, 6 works in running campaigns, 7 works in
 * running campaigns of a genre.
 */
export const REC_TYPES = [1, 2, 3, 4, 6, 7] as const;
export type RecType = (typeof REC_TYPES)[number];

/** A recommendation frame (spec 000 §3) with its items, cut to display_number. */
export interface RecommendFrameAnswer {
  rec_id: number;
  rec_type: RecType;
  title: string;
  display_number: number;
  tr: string;
  read_flag: boolean;
  more_url: string;
  items: SeriesItem[];
}

/** Spec 001 §2.7: the genre the campaign list opens on when the frame knows none. */
export const DEFAULT_MORE_GENRE = 1;

/**
 * Where a frame's もっと見る goes (spec 001 §2.7): rec_type 1–4 to /recommend?tp={type}&series={id},
 * 6 to /otoku, 7 to /otoku?genre={id} (genre 1 when none is known).
 */
export function recommendMoreUrl(
  recType: RecType,
  seriesId: number | null,
  genreId: number | null,
): string {
  if (recType === 6) return "/otoku";
  if (recType === 7) return `/otoku?genre=${genreId ?? DEFAULT_MORE_GENRE}`;
  return `/recommend?tp=${recType}${seriesId ? `&series=${seriesId}` : ""}`;
}

/** One frame of the return popup: which frame, and how it is laid out. */
export interface ReturnPopupFrame {
  rec_id: number;
  columns: 2 | 3;
  display_number: 4 | 6;
}

/**
 * The return-recommendation popups a link may open with rtpop={n} (spec 001 §2.7): a 4-item
 * 2-column frame and a 6-item 3-column frame each. An unknown number opens popup 1.
 */
export const RETURN_POPUPS: Record<number, readonly [ReturnPopupFrame, ReturnPopupFrame]> = {
  1: [
    { rec_id: 1, columns: 2, display_number: 4 },
    { rec_id: 6, columns: 3, display_number: 6 },
  ],
  2: [
    { rec_id: 2, columns: 2, display_number: 4 },
    { rec_id: 7, columns: 3, display_number: 6 },
  ],
  3: [
    { rec_id: 3, columns: 2, display_number: 4 },
    { rec_id: 4, columns: 3, display_number: 6 },
  ],
};

export function returnPopupFrames(rtpop: number): readonly [ReturnPopupFrame, ReturnPopupFrame] {
  return RETURN_POPUPS[rtpop] ?? RETURN_POPUPS[1]!;
}

/** Spec 001 §9: the other-books section needs 3 or more related works and shows 3. */
export const RELATED_TILE_MIN = 3;
export const RELATED_TILE_SHOWN = 3;
/** The related list behind the tile shows up to this many. */
export const RELATED_LIST_MAX = 12;

export interface RelatedAnswer {
  series_id: number;
  related: SeriesItem[];
}
