import { SHELL_PAGES } from "../../../contract/status";
import type { ShownBlock, ShownColumn, ShownRow } from "../../../contract/topic";
import type { TopicVisibility } from "../../../contract/topic-content";
import { sanitizeTopicHtml } from "../../../contract/topic-html";
import type { PageState } from "./page-state";

/**
 * The visibility markers of spec 000 §5, decided on the server so hidden blocks never reach the
 * browser. "Under N" means below N and "Over N" means N or more, so a pair splits the values
 * without a gap. Markers about the member's own records are false for visitors: a visitor has
 * no sign-up time, cart or coupons to compare.
 */
type Rule = (s: PageState, n: number, m: number) => boolean;

const member =
  (rule: Rule): Rule =>
  (s, n, m) =>
    s.isLogin && rule(s, n, m);

const HOUR = 3600;
/** newUserOnly: signed up within the last 7 days. */
const NEW_USER_SECONDS = 7 * 24 * HOUR;

const monthIndex = (yyyymm: string) =>
  Number(yyyymm.slice(0, 4)) * 12 + Number(yyyymm.slice(4, 6)) - 1;
const secondsSinceSignup = (s: PageState) => s.nowMs / 1000 - s.signupTime;
const monthsSinceSignup = (s: PageState) => monthIndex(s.thisMonth) - monthIndex(s.signupMonth);

/** Markers without a number. */
const PLAIN: Record<string, (s: PageState) => boolean> = {
  loginOnly: (s) => s.isLogin,
  logoutOnly: (s) => !s.isLogin,
  paidOnly: (s) => s.isLogin && s.isPaid,
  unpaidOnly: (s) => !s.isPaid,
  newUserOnly: (s) => s.isLogin && secondsSinceSignup(s) < NEW_USER_SECONDS,
  lastMonthNewUserOnly: (s) => s.isLogin && s.signupMonth === s.lastMonth,
  /** The cart holds something and every item is a volume (no drama CD). */
  cartBookOnly: (s) => s.isLogin && s.amount > 0 && s.cartInItemTypes.every((t) => t === 0),
  /** A coupon usable now. */
  couponEnable: (s) => s.isLogin && s.coupons.enabled.length > 0,
  /** A received coupon not used yet (usable now or later). */
  haveCoupon: (s) => s.isLogin && unusedCoupons(s) > 0,
  notHaveCoupon: (s) => s.isLogin && unusedCoupons(s) === 0,
  /** A coupon running now that the member could receive but has not. */
  notReceivedCoupon: (s) => s.isLogin && s.receivableCoupons.length > 0,
  haveUpcomingCoupon: (s) => s.isLogin && s.coupons.upcoming.length > 0,
};

function unusedCoupons(s: PageState) {
  return s.coupons.received.filter((id) => !s.coupons.used.includes(id)).length;
}

/** Markers with one number (N) or, for dailyReadSeriesCount, two (series id and count). */
const NUMBERED: Record<string, Rule> = {
  signupTimeUnder: member((s, n) => secondsSinceSignup(s) < n * HOUR),
  signupTimeOver: member((s, n) => secondsSinceSignup(s) >= n * HOUR),
  signupMonthUnder: member((s, n) => monthsSinceSignup(s) < n),
  signupMonthOver: member((s, n) => monthsSinceSignup(s) >= n),
  monthPayMaxUnder: member((s, n) => s.monthPayMax < n),
  payCountUnder: member((s, n) => s.payCount < n),
  payCountOver: member((s, n) => s.payCount >= n),
  cartPriceUnder: member((s, n) => s.cartPrice < n),
  cartPriceOver: member((s, n) => s.cartPrice >= n),
  cartNoNewPriceUnder: member((s, n) => s.cartNoNewPrice < n),
  cartNoNewPriceOver: member((s, n) => s.cartNoNewPrice >= n),
  amountUnder: member((s, n) => s.amount < n),
  amountOver: member((s, n) => s.amount >= n),
  itemPriceUnder: member((s, n) => s.itemPrice < n),
  itemPriceOver: member((s, n) => s.itemPrice >= n),
  seriesOnly: (s, n) => s.place.seriesId === n,
  doramacdOnly: (s, n) => s.place.cdId === n,
  publisherOnly: (s, n) => s.place.publisherId === n,
  genreOnly: (s, n) => s.place.genreId === n,
  notHaveUpcomingCoupon: member((s, n) => !s.coupons.upcoming.includes(n)),
  refundEnable: (s, n) => s.refundsEnabled.includes(n),
  havePopup: member((s, n) => s.popupTargets.includes(n)),
  notHavePopup: (s, n) => !s.popupTargets.includes(n),
  totalRatingUnder: member((s, n) => s.totalRating < n),
  totalRatingOver: member((s, n) => s.totalRating >= n),
  dateUnder: (s, n) => Number(s.today) < n,
  dateOver: (s, n) => Number(s.today) >= n,
  datetimeUnder: (s, n) => Number(s.now) < n,
  datetimeOver: (s, n) => Number(s.now) >= n,
  dailyReadSeriesCountUnder: member((s, id, n) => (s.dailyReadSeriesCount.get(id) ?? 0) < n),
  dailyReadSeriesCountOver: member((s, id, n) => (s.dailyReadSeriesCount.get(id) ?? 0) >= n),
};

/** Every marker name this file decides, for the check that the /ops editor offers each one. */
export const KNOWN_MARKERS = {
  plain: Object.keys(PLAIN),
  numbered: Object.keys(NUMBERED),
} as const;

const NUMBERED_MARKER = /^([A-Za-z]+?)(?:(\d+)|_(\d+)_(\d+))$/;

/**
 * Whether one class name lets the block show. Class names that are no marker are styling and
 * say nothing about visibility.
 */
export function markerAllows(marker: string, state: PageState): boolean {
  const plain = PLAIN[marker];
  if (plain) return plain(state);
  const match = NUMBERED_MARKER.exec(marker);
  if (!match) return true;
  const rule = NUMBERED[match[1]!];
  if (!rule) return true;
  if (match[2] !== undefined) {
    return match[1]!.startsWith("dailyRead") ? false : rule(state, Number(match[2]), 0);
  }
  return rule(state, Number(match[3]), Number(match[4]));
}

/** What a numbered marker's number names, where it names a record of the store. */
export type MarkerTargetKind =
  | "popup"
  | "series"
  | "dramaCd"
  | "publisher"
  | "genre"
  | "coupon"
  | "refund";

const MARKER_TARGETS: Record<string, MarkerTargetKind> = {
  havePopup: "popup",
  notHavePopup: "popup",
  seriesOnly: "series",
  dailyReadSeriesCountUnder: "series",
  dailyReadSeriesCountOver: "series",
  doramacdOnly: "dramaCd",
  publisherOnly: "publisher",
  genreOnly: "genre",
  notHaveUpcomingCoupon: "coupon",
  refundEnable: "refund",
};

/**
 * How content written by staff or the seed reads one class name: a marker (and, for markers
 * naming a record, which one), or a name that is no marker (styling). A marker naming a record
 * that does not exist hides or shows its block for nobody's reason (issue 21: havePopup31
 * named no popup), so content checks use this.
 */
export function readMarker(
  name: string,
): { marker: false } | { marker: true; target: { kind: MarkerTargetKind; id: number } | null } {
  if (PLAIN[name]) return { marker: true, target: null };
  const match = NUMBERED_MARKER.exec(name);
  if (!match || !NUMBERED[match[1]!]) return { marker: false };
  const kind = MARKER_TARGETS[match[1]!];
  return {
    marker: true,
    target: kind ? { kind, id: Number(match[2] ?? match[3]) } : null,
  };
}

/** A staff-written pattern; one that does not compile hides its block rather than breaking the page. */
function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern.slice(0, 300)).test(value);
  } catch {
    return false;
  }
}

export function isVisible(on: TopicVisibility, state: PageState): boolean {
  const markers = typeof on.class === "string" ? on.class.split(/\s+/).filter(Boolean) : [];
  if (!markers.every((m) => markerAllows(m, state))) return false;
  const { url, utm } = state.place;
  if (typeof on.url === "string" && !matches(on.url, url)) return false;
  if (typeof on.utmSource === "string" && !matches(on.utmSource, utm.src)) return false;
  if (typeof on.utmMedium === "string" && !matches(on.utmMedium, utm.mdm)) return false;
  if (typeof on.utmCampaign === "string" && !matches(on.utmCampaign, utm.cpn)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Text placeholders (spec 000 §5)

const yen = (n: number) => n.toLocaleString("ja-JP");

function monthDay(isoDate: string): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(isoDate);
  return m ? `${Number(m[2])}月${Number(m[3])}日` : "";
}

export function fillPlaceholders(text: string, s: PageState): string {
  return text.replace(/\{([a-z_]+)(?::(\d+))?\}/g, (whole, name: string, arg?: string) => {
    const n = Number(arg);
    switch (name) {
      case "signup_url":
        return SHELL_PAGES.signup_page;
      case "login_url":
        return SHELL_PAGES.login_page;
      case "leave_url":
        return SHELL_PAGES.leave_page;
      case "this_month":
        return String(Number(s.thisMonth.slice(4, 6)));
      case "end_of_month":
        return `${s.endOfMonth.month}月${s.endOfMonth.day}日`;
      case "remaining_price":
        return arg === undefined ? whole : yen(Math.max(0, n - s.cartPrice));
      case "total_rating":
        return String(s.totalRating);
      case "read_series_count":
        return String(s.readSeriesCount);
      case "refund_period_date":
        return arg === undefined ? whole : monthDay(s.refundPeriodDates[n] ?? "");
      default:
        return whole;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Applying both to stored content

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Fields that hold words or addresses shown to the reader. */
const TEXT_FIELDS = ["text", "title", "alt", "href", "enteredText", "newsletterText"] as const;

/** Decorates a shown block (a home section's layout, an entry's state); null drops it. */
export type BlockDecorator = (block: ShownBlock) => ShownBlock | null;

function showBlocks(blocks: unknown, s: PageState, decorate: BlockDecorator): ShownBlock[] {
  const out: ShownBlock[] = [];
  for (const raw of list(blocks)) {
    if (typeof raw.type !== "string" || !isVisible(raw as TopicVisibility, s)) continue;
    const block: Json = { ...raw };
    // The rules are decided; the browser has no use for them.
    for (const key of ["class", "url", "utmSource", "utmMedium", "utmCampaign"]) delete block[key];
    for (const field of TEXT_FIELDS) {
      if (typeof block[field] === "string") block[field] = fillPlaceholders(block[field], s);
    }
    if (typeof block.html === "string") {
      block.html = sanitizeTopicHtml(fillPlaceholders(block.html, s));
    }
    if (Array.isArray(block.items)) {
      block.items = list(block.items).map((item) => ({
        ...item,
        ...(typeof item.href === "string" ? { href: fillPlaceholders(item.href, s) } : {}),
      }));
    }
    if (block.type === "box") block.blocks = showBlocks(block.blocks, s, decorate);
    const shown = decorate(block as ShownBlock);
    if (shown) out.push(shown);
  }
  return out;
}

/** The rows, columns and blocks this request may see, ready to draw. */
export function showContent(
  rows: unknown[],
  s: PageState,
  decorate: BlockDecorator = (b) => b,
): ShownRow[] {
  return rows
    .filter(isObject)
    .filter((row) => isVisible(row as TopicVisibility, s))
    .map((row) => ({
      columns: list(row.columns)
        .filter((column) => isVisible(column as TopicVisibility, s))
        .map(
          (column): ShownColumn => ({
            ...(typeof column.sRange === "number" ? { sRange: column.sRange } : {}),
            ...(typeof column.lRange === "number" ? { lRange: column.lRange } : {}),
            blocks: showBlocks(column.blocks, s, decorate),
          }),
        ),
    }));
}
