/**
 * Tracking links (spec 000 §2 "Tracking link rule") and the section 'more' button (§2 "The 'more'
 * button"). Pure functions: the cards and sections call them while rendering.
 */

/** Frame names whose links never get _tr: their pages track the visit themselves. */
const UNTRACKED_FRAMES = new Set(["campaign", "coupon", "search", "more"]);

export interface Tracking {
  /** The frame (section) name, e.g. top_1104 or topic_home_3. */
  frame: string;
  /** 1-based position of the item in the frame. */
  position: number;
  /** 1-based position inside the item (a banner within a multi-banner item). */
  sub?: number;
}

/** The _tr value: frame name, underscore, 1-based position (and sub-position). */
export function trackingValue(t: Tracking): string {
  return t.sub === undefined ? `${t.frame}_${t.position}` : `${t.frame}_${t.position}_${t.sub}`;
}

function isViewerLink(url: string): boolean {
  return url.includes("/viewer/");
}

/**
 * `url` with _tr added, joined with ? or & as fitting (viewer links always with &, since they
 * always carry cid). Unchanged without tracking, for untracked frames, or when _tr is present.
 */
export function withTracking(url: string, tracking?: Tracking | null): string {
  if (!tracking || UNTRACKED_FRAMES.has(tracking.frame)) return url;
  return withTrackingName(url, trackingValue(tracking));
}

/**
 * `url` with _tr={name}, joined with ? or & as fitting and before any hash; unchanged when it
 * carries _tr already or no name is given. Spec 001 §2.1: a popup's links carry its tracking
 * name this way; withTracking gives section links theirs.
 */
export function withTrackingName(url: string, name: string | null | undefined): string {
  if (!name) return url;
  const hashAt = url.indexOf("#");
  const path = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : "";
  if (/[?&]_tr=/.test(path)) return url;
  const joiner = isViewerLink(path) || path.includes("?") ? "&" : "?";
  return `${path}${joiner}_tr=${encodeURIComponent(name)}${hash}`;
}

/** Home sections are frames named top_{layoutId}; topic-home sections topic_home_{layoutId}. */
export function sectionFrame(layoutId: number, topicHome = false): string {
  return topicHome ? `topic_home_${layoutId}` : `top_${layoutId}`;
}

/** Banner sections track as top_banner_{layoutId}_{n}. */
export function bannerFrame(layoutId: number): string {
  return `top_banner_${layoutId}`;
}

// ---------------------------------------------------------------------------------------------
// The 'more' button

/** Sections that scroll sideways go to /more/{layout_id}; grids to /search?tp={layout_id}. */
const SCROLLING_TYPES = new Set([3, 6, 7, 9, 12, 15, 16, 21, 23, 24, 25, 26]);
const DRAMA_CD_TYPES = new Set([27, 28, 29]);

export interface MoreLayout {
  layout_id: number;
  layout_type: number;
  more_url: string | null;
}

export function isHidden(moreUrl: string | null | undefined): boolean {
  return typeof moreUrl === "string" && moreUrl.trim().toLowerCase() === "hide";
}

/** Where a section's 'more' goes when the layout names no more_url. */
export function defaultMoreUrl(layout: MoreLayout, genre = 1, pagetype = 1): string {
  const id = layout.layout_id;
  if (layout.layout_type === 4) return rankingMoreUrl(null, id, genre, pagetype);
  if (layout.layout_type === 14) return `/otoku?genre=${genre}&_tr=top_${id}_mbt`;
  if (DRAMA_CD_TYPES.has(layout.layout_type)) return `/doramacd?content=${id}`;
  return SCROLLING_TYPES.has(layout.layout_type) ? `/more/${id}` : `/search?tp=${id}`;
}

/**
 * The ranking block's 'more': the layout's ranking url (default /ranking, /free_ranking on the
 * free top) with tp=2 and the genre unless it names them, tracked as top_{layoutId}_mbt.
 */
export function rankingMoreUrl(
  moreUrl: string | null,
  layoutId: number,
  genre: number,
  pagetype = 1,
): string {
  const base = moreUrl || (pagetype === 2 ? "/free_ranking" : "/ranking");
  const [path, query = ""] = base.split("?");
  const params = new URLSearchParams(query);
  if (!params.has("tp")) params.set("tp", "2");
  if (!params.has("genre")) params.set("genre", String(genre));
  params.set("_tr", `top_${layoutId}_mbt`);
  return `${path}?${params.toString()}`;
}

/**
 * The section's 'more' link, or null when it shows none: hidden by more_url 'hide' in any case,
 * shown only when the server says more_flag or the layout gives a more_url.
 */
export function moreLink(
  layout: MoreLayout,
  moreFlag: boolean,
  genre = 1,
  pagetype = 1,
): string | null {
  if (isHidden(layout.more_url)) return null;
  const given = layout.more_url?.trim() || null;
  if (!moreFlag && !given) return null;
  if (layout.layout_type === 4) return rankingMoreUrl(given, layout.layout_id, genre, pagetype);
  return given ?? defaultMoreUrl(layout, genre, pagetype);
}
