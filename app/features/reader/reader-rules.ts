/**
 * The web reader's rules (issue 9, decision 0020) as plain functions: which pages show together,
 * which way a tap, key or swipe turns, where a volume reopens, what the end of the readable pages
 * offers, and which pages are loaded and kept. The screen only measures and renders.
 */
import { READER_PAGE_WIDTHS, type ReadingDirection } from "../../../contract/reader";

export type Direction = ReadingDirection;
/** paged single, paged two-page spread, or continuous vertical scroll (タテヨミ). */
export type ReaderLayout = "single" | "spread" | "scroll";
export type Turn = "forward" | "back" | "first" | "last" | "toolbar";
export type Zone = "left" | "centre" | "right";

/** A view is what the screen shows at once: one page, or two facing pages. */
export type View = readonly number[];

/**
 * The volume's cover, shown before page 1 in the paged layouts (decision 0118). It is no page of
 * the volume: page numbers, the count and しおり stay those of the book, and the cover is 表紙.
 */
export const COVER_PAGE = 0;

/** Japanese manga read right to left unless the reader chose otherwise. */
export const DEFAULT_DIRECTION: Direction = "rtl";

/** Below this window width a spread would make each page too small to read. */
export const SPREAD_MIN_WIDTH = 900;

/** Pages loaded ahead of the current one, so turning never waits on the network. */
export const PRELOAD_AHEAD = 4;
/** Pages kept behind the current one, so turning back is instant too. */
export const KEEP_BEHIND = 2;
/** Images mounted around the page in view while scrolling a タテヨミ volume. */
export const SCROLL_KEEP_BEHIND = 3;
export const SCROLL_PRELOAD_AHEAD = 5;

/** A swipe shorter than this is a tap that slid, not a page turn. */
export const SWIPE_MIN_PX = 40;

export function parseDirection(value: unknown): Direction | null {
  return value === "rtl" || value === "ltr" ? value : null;
}

export function otherDirection(direction: Direction): Direction {
  return direction === "rtl" ? "ltr" : "rtl";
}

// ---------------------------------------------------------------------------------------------
// Layout and views

/**
 * Two facing pages only on a wide landscape window (as a printed book lies open); phones and
 * portrait windows show one page. タテヨミ volumes always scroll.
 */
export function readerLayout(opts: {
  vertical: boolean;
  spreadWanted: boolean;
  viewport: { width: number; height: number } | null;
}): ReaderLayout {
  if (opts.vertical) return "scroll";
  return opts.spreadWanted && spreadFits(opts.viewport) ? "spread" : "single";
}

export function spreadFits(viewport: { width: number; height: number } | null): boolean {
  return (
    viewport !== null && viewport.width > viewport.height && viewport.width >= SPREAD_MIN_WIDTH
  );
}

/**
 * The views of pages 1..readable, after the cover (COVER_PAGE) when `cover`. In a spread the
 * cover stands alone and pages pair 1–2, 3–4 … after it, as store readers open a volume; without
 * a cover page 1 stands alone (a right-hand page in print) and pages pair 2–3, 4–5 …. An odd page
 * left at the end stands alone.
 */
export function readerViews(readable: number, layout: ReaderLayout, cover = false): View[] {
  const views: View[] = [];
  if (readable <= 0) return views;
  if (cover) views.push([COVER_PAGE]);
  if (layout !== "spread") {
    for (let p = 1; p <= readable; p++) views.push([p]);
    return views;
  }
  let p = 1;
  if (!cover) views.push([p++]);
  for (; p <= readable; p += 2) views.push(p + 1 <= readable ? [p, p + 1] : [p]);
  return views;
}

/** The index of the view holding `page` (the last view for a page past the end). */
export function viewIndexOf(views: readonly View[], page: number): number {
  const index = views.findIndex((view) => view.includes(page));
  if (index >= 0) return index;
  return page < 1 ? 0 : Math.max(0, views.length - 1);
}

/** The pages of a view left to right on screen: in right-to-left reading the first page is on the right. */
export function onScreenOrder(view: View, direction: Direction): number[] {
  return direction === "rtl" ? [...view].reverse() : [...view];
}

// ---------------------------------------------------------------------------------------------
// Position: views 0..n-1 hold pages, index n is the end panel (trial end or volume end)

export type EndKind = "trial" | "volume";

/** What follows the last readable page: the offer when pages remain unread, else the volume's end. */
export function endKind(readable: number, pageCount: number): EndKind {
  return readable < pageCount ? "trial" : "volume";
}

/** Move from view `index` (of `viewCount` views; `viewCount` is the end panel) by a turn. */
export function turnTo(index: number, turn: Exclude<Turn, "toolbar">, viewCount: number): number {
  switch (turn) {
    case "forward":
      return Math.min(index + 1, viewCount);
    case "back":
      return Math.max(index - 1, 0);
    case "first":
      return 0;
    case "last":
      return viewCount;
  }
}

/**
 * Where a volume opens: the saved page, clamped to the pages this reader may read; a volume
 * left at its end, or never opened, opens at its start (`start`: the cover, or page 1 without
 * one), and so does one left at page 1, which is where leaving the cover saves. `finished` stays
 * set once a volume was read through (decision 0019), so a member re-reading it is still brought
 * back to where they stopped.
 */
export function resumePage(
  position: { page: number; finished: boolean } | null,
  readable: number,
  start = 1,
): number {
  if (!position || !Number.isFinite(position.page)) return start;
  const page = Math.min(Math.max(1, Math.trunc(position.page)), Math.max(1, readable));
  if (page === 1) return start;
  return position.finished && page >= readable ? start : page;
}

/**
 * The position to save: the page the member reached (a turn reaches the first page of the next
 * view, a jump the page chosen, and opening at a saved page inside a spread stays on it); the
 * end panel saves the last readable page, finished when that is the whole volume.
 */
export function progressAt(
  at: { page: number; atEnd: boolean },
  opts: { readable: number; pageCount: number },
): { page: number; finished: boolean } {
  if (at.atEnd) {
    return {
      page: Math.max(1, opts.readable),
      finished: opts.readable >= opts.pageCount && opts.pageCount > 0,
    };
  }
  // The cover is no page: a reader on it is at the start of the volume, saved as page 1.
  return { page: Math.max(1, at.page), finished: false };
}

/** How the toolbar names a view: "17", "16-17" for a spread, 表紙 for the cover. */
export function viewLabel(view: View): string {
  if (view.length === 1 && view[0] === COVER_PAGE) return "表紙";
  return view.join("-");
}

// ---------------------------------------------------------------------------------------------
// Input: tap zones, keys and swipes, flipped with the direction

/** Thirds of the width: the outer thirds turn pages, the centre shows or hides the toolbar. */
export function zoneAt(x: number, width: number): Zone {
  if (width <= 0) return "centre";
  const ratio = x / width;
  if (ratio < 1 / 3) return "left";
  if (ratio > 2 / 3) return "right";
  return "centre";
}

/** In right-to-left reading the next page lies to the left, so the left zone goes forward. */
export function zoneTurn(zone: Zone, direction: Direction): Turn {
  if (zone === "centre") return "toolbar";
  const forwardZone: Zone = direction === "rtl" ? "left" : "right";
  return zone === forwardZone ? "forward" : "back";
}

export function keyTurn(key: string, direction: Direction, shift = false): Turn | null {
  switch (key) {
    case "ArrowLeft":
      return direction === "rtl" ? "forward" : "back";
    case "ArrowRight":
      return direction === "rtl" ? "back" : "forward";
    case " ":
    case "Spacebar":
      return shift ? "back" : "forward";
    case "PageDown":
      return "forward";
    case "PageUp":
      return "back";
    case "Home":
      return "first";
    case "End":
      return "last";
    default:
      return null;
  }
}

/**
 * A mostly horizontal swipe turns the page the way the finger pulls it: in right-to-left reading
 * the next page comes in from the left, so a swipe to the right goes forward.
 */
export function swipeTurn(dx: number, dy: number, direction: Direction): Turn | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  const rightward = dx > 0;
  return rightward === (direction === "rtl") ? "forward" : "back";
}

// ---------------------------------------------------------------------------------------------
// Loading: what is preloaded and what stays mounted

/**
 * The pages whose images are mounted around view `index`: the view itself, KEEP_BEHIND pages
 * behind and at least PRELOAD_AHEAD pages ahead. Everything else is unmounted, so a long volume
 * holds a bounded number of decoded images whatever its length.
 */
export function pagedWindow(index: number, views: readonly View[]): number[] {
  const current = views[Math.min(index, views.length - 1)];
  if (!current) return [];
  const first = current[0] ?? 1;
  const last = current[current.length - 1] ?? first;
  const start = views[0]?.[0] ?? 1;
  const readable = views[views.length - 1]?.at(-1) ?? last;
  return rangeOf(Math.max(start, first - KEEP_BEHIND), Math.min(readable, last + PRELOAD_AHEAD));
}

/** In continuous scroll: the page in view, a few behind and more ahead. */
export function scrollWindow(page: number, readable: number): number[] {
  return rangeOf(
    Math.max(1, page - SCROLL_KEEP_BEHIND),
    Math.min(readable, page + SCROLL_PRELOAD_AHEAD),
  );
}

/** The page whose box holds the middle of the screen, every page box `pageHeight` tall. */
export function pageAtScroll(
  scrollTop: number,
  viewportHeight: number,
  pageHeight: number,
  readable: number,
): number {
  if (pageHeight <= 0 || readable <= 0) return 1;
  const page = Math.floor((scrollTop + viewportHeight / 2) / pageHeight) + 1;
  return Math.min(Math.max(1, page), readable);
}

function rangeOf(from: number, to: number): number[] {
  const pages: number[] = [];
  for (let p = from; p <= to; p++) pages.push(p);
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Image sizes

/** `srcset` of a page image: the server scales to each of its widths; the browser picks one. */
export function pageSrcSet(url: string): string {
  const join = url.includes("?") ? "&" : "?";
  return READER_PAGE_WIDTHS.map((w) => `${url}${join}w=${w} ${w}w`).join(", ");
}

/** The page's display width: it fills the height unless the window (or half of it) is narrower. */
export function pageSizes(layout: ReaderLayout, aspect: number): string {
  const ratio = aspect > 0 ? aspect : 0.7;
  if (layout === "scroll") return "min(100vw, 720px)";
  const across = layout === "spread" ? "50vw" : "100vw";
  return `min(${across}, ${Math.round(ratio * 100)}vh)`;
}
