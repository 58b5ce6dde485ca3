/**
 * The popup queue of spec 001 §4, §5 and §9 as pure functions: which popups wait in the queue,
 * which open at once, which wait for scrolling, and what the caller is told at the end. The
 * PopupHost component drives it; nothing here touches the browser.
 */
import type { PopupDisplay, PopupView } from "../../../contract/popup";

/** Opened when the page is scrolled far enough, never from the queue. */
export const SCROLL_TRIGGERED_TYPES: readonly number[] = [33, 35, 38, 41];
/** Opens at once, ahead of the queue. */
export const FORCED_TYPES: readonly number[] = [36];
export const STAFF_BOOK_TYPE = 41;
export const BOTTOM_BANNER_TYPE = 34;
export const SHORTCUT_TYPE = 35;
export const MOVE_RANKING_TYPE = 33;
/** Scroll ratios (percent of the scrollable height) past which scroll popups open. */
export const SCROLL_RATIO = 40;
export const STAFF_BOOK_SCROLL_RATIO = 20;
export const POPUP_MAX_WIDTH = 450;
/** Popups that load a list of works; only one of them loads at a time. */
export const LIST_TYPES: readonly number[] = [7, 37, 38, 42];
/** Types 2, 3, 5, 6 are the big (image) popups. */
export const BIG_TYPES: readonly number[] = [2, 3, 5, 6];
export const LEAD_LINK_TYPES: readonly number[] = [3, 5];

/**
 * How long a popup must stay on screen before it counts as seen (spec 001 §4, §9: 800 ms or
 * 500 ms). Big image popups wait 800 ms for the image to be seen; popups that load a list wait
 * 500 ms after their list arrives; the rest count at once.
 */
export function impressionDelay(popup: Pick<PopupView, "popup_type" | "display">): number {
  if (BIG_TYPES.includes(popup.popup_type)) return 800;
  if (LIST_TYPES.includes(popup.popup_type) || popup.display.pickup) return 500;
  return 0;
}

/** Whether Esc, the × button and the shade may close it (type 6 cannot be dismissed). */
export function dismissible(popup: Pick<PopupView, "popup_type" | "display">): boolean {
  if (popup.popup_type === 6) return false;
  return popup.display.dismissible !== false;
}

/** What the page's address and session say about how the visitor arrived. */
export interface Arrival {
  /** The _tr value of the current address. */
  tr: string;
  utmSource: string;
  utmMedium: string;
}

const fromHomeBanner = (tr: string) => tr.startsWith("hb");

/**
 * Spec 001 §5: the shortcut-image popup is not shown when _tr starts with hb and its image name
 * has 'shortcut' but not 'stamp' (the visitor came from the home-screen shortcut already).
 */
export function shortcutSkipped(display: PopupDisplay, arrival: Arrival): boolean {
  const name = display.image_name ?? "";
  return fromHomeBanner(arrival.tr) && name.includes("shortcut") && !name.includes("stamp");
}

/**
 * Spec 001 §5: the move-ranking popup listens to scrolling only for visitors from Facebook
 * display ads (utm_source facebook, utm_medium display) or from adroute.
 */
export function moveRankingListens(arrival: Arrival): boolean {
  return (
    (arrival.utmSource === "facebook" && arrival.utmMedium === "display") ||
    arrival.utmSource === "adroute"
  );
}

/** The scroll ratio a scroll-triggered popup waits for (20 for the staff book, else 40). */
export function scrollThreshold(popup: Pick<PopupView, "popup_type" | "display">): number {
  if (popup.popup_type === STAFF_BOOK_TYPE) return STAFF_BOOK_SCROLL_RATIO;
  return popup.display.scroll_ratio ?? SCROLL_RATIO;
}

/** How far down the page is, in percent of what can be scrolled (0 when nothing scrolls). */
export function scrollRatio(scrollY: number, viewportHeight: number, pageHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}

/** Spec 001 §5: scroll popups open when the ratio exceeds their threshold. */
export function scrollOpens(popup: Pick<PopupView, "popup_type" | "display">, ratio: number) {
  return ratio > scrollThreshold(popup);
}

/**
 * A popup made for visitors from certain ads (display.utm, a list of utm_source with an optional
 * utm_medium) shows only to a session that arrived from one of them; without the list it shows to
 * everyone. Type 33 without a list follows spec 001 §5 (facebook display, or adroute).
 */
export function arrivalMatches(popup: Pick<PopupView, "popup_type" | "display">, arrival: Arrival) {
  const from = popup.display.utm;
  if (!from) return popup.popup_type === MOVE_RANKING_TYPE ? moveRankingListens(arrival) : true;
  return from.some(
    (u) =>
      u.source === arrival.utmSource && (u.medium === undefined || u.medium === arrival.utmMedium),
  );
}

export interface PopupPlan {
  /** Opened first, at once. */
  forced: PopupView[];
  /** One at a time, in this order. */
  queue: PopupView[];
  /** Opened when the scroll ratio passes their threshold. */
  onScroll: PopupView[];
  /** The bottom-right banner, shown beside the page without blocking it. */
  banner: PopupView | null;
  /** The banner shows at once rather than after scrolling (_tr starting with hb). */
  bannerAtOnce: boolean;
}

/**
 * Sorts the server's answer (already in priority order) into forced, queued and scroll popups;
 * popups the arrival rules exclude are dropped. `seen` holds ids a visitor already closed in
 * this browser, which the server cannot remember for them.
 */
export function planPopups(
  popups: readonly PopupView[],
  arrival: Arrival,
  seen: ReadonlySet<number> = new Set(),
): PopupPlan {
  const plan: PopupPlan = {
    forced: [],
    queue: [],
    onScroll: [],
    banner: null,
    bannerAtOnce: false,
  };
  for (const popup of popups) {
    if (seen.has(popup.popup_id)) continue;
    const type = popup.popup_type;
    if (type === SHORTCUT_TYPE && shortcutSkipped(popup.display, arrival)) continue;
    if (!arrivalMatches(popup, arrival)) continue;
    if (type === BOTTOM_BANNER_TYPE) {
      if (plan.banner) continue;
      plan.banner = popup;
      // Spec 001 §5: the bottom bar waits for scrolling unless _tr starts with hb.
      plan.bannerAtOnce = fromHomeBanner(arrival.tr);
      continue;
    }
    if (FORCED_TYPES.includes(type)) plan.forced.push(popup);
    else if (SCROLL_TRIGGERED_TYPES.includes(type)) plan.onScroll.push(popup);
    else plan.queue.push(popup);
  }
  return plan;
}

/**
 * The return-recommendation popup (rtpop, spec 001 §2.7) is no stored popup, but it is a modal
 * too: it waits in the same line, so only one modal is open at a time.
 */
export const RETURN_POPUP = "return-popup";
export type Queued = PopupView | typeof RETURN_POPUP;

const same = (a: Queued, b: Queued) =>
  a === b || (typeof a === "object" && typeof b === "object" && a.popup_id === b.popup_id);

/** The queue as it runs: the popup open now and those still waiting. */
export interface QueueState {
  current: Queued | null;
  waiting: Queued[];
  /** How many have been opened so far. */
  opened: number;
}

export const EMPTY_QUEUE: QueueState = { current: null, waiting: [], opened: 0 };

export type QueueStep =
  | { state: QueueState; finished: null }
  /** The queue ran out: false when it never had a popup, true after the last one closed. */
  | { state: QueueState; finished: boolean };

/**
 * Starts the queue: forced popups first, then `early` (the return popup, when its link asked
 * for it before the page's popups were planned), then the rest; tells the caller false when
 * empty.
 */
export function startQueue(
  plan: Pick<PopupPlan, "forced" | "queue">,
  early: readonly Queued[] = [],
): QueueStep {
  const all = [...plan.forced, ...early, ...plan.queue];
  const [first, ...rest] = all;
  if (!first) return { state: EMPTY_QUEUE, finished: false };
  return { state: { current: first, waiting: rest, opened: 1 }, finished: null };
}

/**
 * A modal that asks for its turn after the queue started (the return popup, once its frames
 * have arrived): it opens at once when nothing is open, else it is next after the open one.
 */
export function queueNext(state: QueueState, entry: Queued): QueueState {
  if (state.current && same(state.current, entry)) return state;
  const waiting = state.waiting.filter((p) => !same(p, entry));
  if (!state.current) return { current: entry, waiting, opened: state.opened + 1 };
  return { ...state, waiting: [entry, ...waiting] };
}

/** The open popup closed: the next one opens, or the caller is told true after the last. */
export function closeCurrent(state: QueueState): QueueStep {
  const [next, ...rest] = state.waiting;
  if (!next) return { state: { current: null, waiting: [], opened: state.opened }, finished: true };
  return { state: { current: next, waiting: rest, opened: state.opened + 1 }, finished: null };
}

/**
 * A popup opened out of turn (forced, scrolled to) goes in front of the open one; the open one
 * comes back after it.
 */
export function openNow(state: QueueState, popup: PopupView): QueueState {
  if (state.current && same(state.current, popup)) return state;
  const waiting = state.waiting.filter((p) => !same(p, popup));
  return {
    current: popup,
    waiting: state.current ? [state.current, ...waiting] : waiting,
    opened: state.opened + 1,
  };
}

/** Only one list popup loads at a time (spec 001 §4): a second waits until the first is done. */
export class ListLoadGate {
  private loading: number | null = null;

  /** True when `popupId` may load now (nothing else loading, or it is the one loading). */
  tryStart(popupId: number): boolean {
    if (this.loading !== null && this.loading !== popupId) return false;
    this.loading = popupId;
    return true;
  }

  finish(popupId: number): void {
    if (this.loading === popupId) this.loading = null;
  }

  get busy(): boolean {
    return this.loading !== null;
  }
}

/**
 * Spec 001 §9: random control groups 1–3, 4–6 and 7–9 each get one of three title texts;
 * anyone else gets the title with their nickname (the plain title without one).
 */
export function controlGroupTitle(
  popup: Pick<PopupView, "title" | "display">,
  ctrlGroup: number,
  nickname: string,
): string {
  const texts = popup.display.ctrl_titles;
  if (texts && ctrlGroup >= 1 && ctrlGroup <= 9) {
    return texts[Math.floor((ctrlGroup - 1) / 3)] ?? popup.title;
  }
  if (popup.display.nickname_title && nickname) {
    return popup.display.nickname_title.replaceAll("{nickname}", nickname);
  }
  return popup.title;
}

/** Screens that fetch popups, from the address (null: this screen has none). */
export function popupPageOf(pathname: string): {
  page: "home" | "series" | "bookshelf" | "campaign" | "free" | "ranking" | "search" | "otoku";
  series?: number;
} | null {
  const path = pathname.replace(/\.html$/, "").replace(/\/+$/, "") || "/";
  if (path === "/" || path === "/home") return { page: "home" };
  const series = /^\/series\/(\d{1,9})(?:\/book\/\d+)?$/.exec(path);
  if (series) return { page: "series", series: Number(series[1]) };
  if (path === "/bookshelf") return { page: "bookshelf" };
  if (/^\/campaign(\/\d+)?$/.test(path)) return { page: "campaign" };
  if (path === "/free") return { page: "free" };
  if (path === "/ranking") return { page: "ranking" };
  if (path === "/search") return { page: "search" };
  if (path === "/otoku") return { page: "otoku" };
  return null;
}

/** localStorage key of the popups this browser closed today. */
export const CLOSED_POPUPS_KEY = "popup_closed";

/**
 * Popups closed in this browser on `today` (status.today), from the stored text. A popup closed
 * once does not come back the same day on the next page; visitors have no server-side record.
 */
export function closedToday(stored: string | null, today: string): Set<number> {
  if (!stored) return new Set();
  try {
    const value = JSON.parse(stored) as { day?: unknown; ids?: unknown };
    if (value.day !== today || !Array.isArray(value.ids)) return new Set();
    return new Set(value.ids.filter((id): id is number => Number.isInteger(id)));
  } catch {
    return new Set();
  }
}

/** The stored text after closing `popupId` on `today`; an older day's list is dropped. */
export function withClosed(stored: string | null, today: string, popupId: number): string {
  const ids = closedToday(stored, today);
  ids.add(popupId);
  return JSON.stringify({ day: today, ids: [...ids] });
}

/** The login stamp dialog, a popup type of its own (spec 001 §2.7): the home page opens it first. */
export const LOGIN_STAMP_TYPE = 8;
