import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { SeriesItem } from "../../../contract/items";
import type {
  PopupCampaign,
  PopupDisplay,
  PopupPage,
  PopupsAnswer,
  PopupView,
} from "../../../contract/popup";
import type { Db } from "../../db/client";
import { BadInput, NotFound } from "../../lib/errors";
import { campaignSeriesTargets, runningCampaigns } from "../campaign/item-campaigns";
import { freeCampaignSeries, runningCampaignEntries } from "../campaign/service";
import { bookItems, seriesItems } from "../cards/series-items";
import { freeSeriesIds, seriesTaste } from "../catalog/series-lists";
import { pickupCampaignIdsOf } from "../home/home-page";
import { continueBookIds, favoriteSeriesIds, resumeOf } from "../library/service";
import { readingPositionsOf } from "../library/shelf-items";
import { type Popup, popupDisplays, popups } from "./schema";

/**
 * Who a popup is for, stored per popup as data (popups.target_rules) and decided here:
 * every key given must hold; a missing key does not restrict.
 */
export interface TargetRules {
  login?: "any" | "member" | "visitor";
  paid?: "any" | "paid" | "unpaid";
  /** Members registered at most this many days ago. */
  signup_within_days?: number;
  /** Members registered before this ISO date (those who agreed to terms since changed). */
  signup_before?: string;
  /** The member's newsletter setting must be this (the mail-magazine popup asks those without). */
  newsletter?: boolean;
  /** Devices the popup is for ('android', 'ios', 'pc'). */
  os?: string[];
  /** The genre the member read last must be one of these. */
  genres?: number[];
  /** The member read something, but not for at least this many days (lapsed readers). */
  idle_days?: number;
}

/** The facts about a viewer the target rules are checked against. */
export interface ViewerFacts {
  isLogin: boolean;
  isPaid: boolean;
  signupAt: Date | null;
  newsletter: boolean;
  /**
   * The device of this request ('android', 'ios', 'pc'); null when the question is about the
   * member on any of their devices (user status target_popup), so a device rule does not exclude.
   */
  os: string | null;
  lastReadGenre: number | null;
  lastReadAt: Date | null;
}

const DAY_MS = 86_400_000;

export function matchesTarget(rules: TargetRules, viewer: ViewerFacts, now: Date): boolean {
  if (rules.login === "member" && !viewer.isLogin) return false;
  if (rules.login === "visitor" && viewer.isLogin) return false;
  if (rules.paid === "paid" && !viewer.isPaid) return false;
  if (rules.paid === "unpaid" && viewer.isPaid) return false;
  if (rules.signup_within_days !== undefined) {
    if (!viewer.signupAt) return false;
    if (now.getTime() - viewer.signupAt.getTime() > rules.signup_within_days * DAY_MS) return false;
  }
  if (rules.signup_before !== undefined) {
    if (!viewer.signupAt || viewer.signupAt >= new Date(rules.signup_before)) return false;
  }
  if (rules.newsletter !== undefined && (!viewer.isLogin || viewer.newsletter !== rules.newsletter))
    return false;
  if (rules.os && viewer.os !== null && !rules.os.includes(viewer.os)) return false;
  if (
    rules.genres &&
    (viewer.lastReadGenre === null || !rules.genres.includes(viewer.lastReadGenre))
  )
    return false;
  if (rules.idle_days !== undefined) {
    if (!viewer.lastReadAt) return false;
    if (now.getTime() - viewer.lastReadAt.getTime() < rules.idle_days * DAY_MS) return false;
  }
  return true;
}

function running(now: Date) {
  return and(
    isNull(popups.withdrawnAt),
    lte(popups.startAt, now),
    or(isNull(popups.endAt), gt(popups.endAt, now)),
  );
}

/** What the caller knows of a member for targeting; their reading is looked up here. */
export type MemberFacts = Pick<ViewerFacts, "isPaid" | "signupAt" | "newsletter" | "os">;

/**
 * User status target_popup (and the topic markers havePopup / notHavePopup): the popups running
 * now that this member is targeted by on some page, decided by the same rules as /api/popups
 * (targetedPopups): not hidden by them, under their display limit, and matching the target
 * rules. A device rule does not exclude when `os` is null (the member on any device).
 */
export async function targetPopupIds(
  db: Db,
  userId: number,
  member: MemberFacts,
  now: Date,
): Promise<number[]> {
  const reading = await lastReading(db, userId);
  const facts = viewerWithReading({ ...member, isLogin: true }, reading);
  const rows = await targetedPopups(db, facts, userId, now);
  return rows.map((p) => p.popupId);
}

function viewerWithReading(
  viewer: Omit<ViewerFacts, "lastReadGenre" | "lastReadAt">,
  reading: Awaited<ReturnType<typeof lastReading>>,
): ViewerFacts {
  return { ...viewer, lastReadGenre: reading?.genre ?? null, lastReadAt: reading?.readAt ?? null };
}

/**
 * The one targeting rule: running popups (of `page` and '*', or of every page) this viewer is
 * targeted by, highest priority first; the member's hidden and over-limit ones left out.
 */
async function targetedPopups(
  db: Db,
  viewer: ViewerFacts,
  userId: number | null,
  now: Date,
  page?: PopupPage,
): Promise<Popup[]> {
  const rows = await runningPopupsFor(db, userId, now, page);
  return rows
    .map((r) => r.popup)
    .filter((p) => matchesTarget(p.targetRules as TargetRules, viewer, now));
}

/** Running popups with the member's own record, hidden and over-limit ones left out. */
async function runningPopupsFor(
  db: Db,
  userId: number | null,
  now: Date,
  page?: PopupPage,
): Promise<Array<{ popup: Popup }>> {
  const rows = await db
    .select({
      popup: popups,
      openCount: popupDisplays.openCount,
      hidden: popupDisplays.hidden,
    })
    .from(popups)
    .leftJoin(
      popupDisplays,
      and(eq(popupDisplays.popupId, popups.popupId), eq(popupDisplays.userId, userId ?? 0)),
    )
    .where(and(running(now), page ? inArray(popups.page, [page, "*"]) : undefined))
    .orderBy(sql`${popups.priority} desc`, popups.popupId);
  return rows.filter(
    (r) =>
      !r.hidden && (r.popup.displayLimit === null || (r.openCount ?? 0) < r.popup.displayLimit),
  );
}

/** The member's reading, newest first: what continue-reading opens and the last-read genre. */
export async function lastReading(
  db: Db,
  userId: number | null,
): Promise<{ continueBookId: number; genre: number | null; readAt: Date } | null> {
  if (userId === null) return null;
  const rows = (await readingPositionsOf(db, userId)).sort(
    (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime(),
  );
  const latest = rows[0];
  if (!latest) return null;
  const resume = resumeOf(rows.filter((r) => r.seriesId === latest.seriesId));
  const { genreIds } = await seriesTaste(db, [latest.seriesId]);
  // 総合 (1) stands for every genre; the genre read is a real one when the series has one.
  const genre = genreIds.filter((g) => g !== 1).sort((a, b) => a - b)[0] ?? genreIds[0] ?? null;
  return { continueBookId: resume?.bookId ?? latest.bookId, genre, readAt: latest.updatedAt };
}

export interface MemberState {
  userId: number;
  nickname: string;
  cartCount: number;
  bookshelfNewCount: number;
  isTodayStamp: boolean;
  /** A stamp card runs today (nothing to press otherwise). */
  stampCardRunning: boolean;
}

export interface PopupQuery {
  page: PopupPage;
  num?: number;
  series?: number;
}

/** Spec 001 §5: the practical-free popup is for series priced 1 to 200 yen. */
export const PRACTICAL_FREE_MIN = 1;
export const PRACTICAL_FREE_MAX = 200;
/** Spec 001 §9: the pickup popup shows 6 series. */
export const PICKUP_POPUP_ITEMS = 6;
/** Spec 001 §9: 3 recommendations beside the signup coupon's book, 6 without one. */
export const SIGNUP_RECOMMENDS_WITH_BOOK = 3;
export const SIGNUP_RECOMMENDS_WITHOUT_BOOK = 6;
/** The genre-campaign popup lists this many campaigns. */
export const GENRE_CAMPAIGN_ITEMS = 3;

const display = (p: Popup) => p.display as PopupDisplay;

/**
 * /api/popups: the popups this viewer gets on this page, highest priority first. The target
 * rules (data) and each type's own conditions are decided here; the page queues the answer.
 */
export async function popupsForPage(
  db: Db,
  viewer: ViewerFacts,
  member: MemberState | null,
  query: PopupQuery,
  now: Date,
): Promise<PopupsAnswer> {
  const userId = member?.userId ?? null;
  const reading = await lastReading(db, userId);
  const facts = viewerWithReading(viewer, reading);
  const targeted = await targetedPopups(db, facts, userId, now, query.page);
  const out: PopupView[] = [];
  for (const popup of targeted) {
    if (query.num !== undefined && out.length >= query.num) break;
    const view = await typeView(db, popup, { facts, member, reading, query, now });
    if (view) out.push(view);
  }
  return { result: true, popups: out, last_read_genre: facts.lastReadGenre };
}

interface TypeContext {
  facts: ViewerFacts;
  member: MemberState | null;
  reading: Awaited<ReturnType<typeof lastReading>>;
  query: PopupQuery;
  now: Date;
}

function baseView(p: Popup): PopupView {
  return {
    popup_id: p.popupId,
    popup_type: p.popupType,
    tracking_name: p.trackingName,
    title: p.title ?? "",
    body: p.body ?? "",
    img: p.img,
    link_url: p.linkUrl,
    button_label: p.buttonLabel,
    series_id: p.seriesId,
    book_id: p.bookId,
    campaign_id: p.campaignId,
    display: display(p),
    book_data: null,
    expire_seconds: null,
    pickup: null,
  };
}

async function oneBook(db: Db, bookId: number | null, now: Date): Promise<SeriesItem | null> {
  if (bookId === null) return null;
  return (await bookItems(db, [bookId], { now }))[0] ?? null;
}

/** A popup's view when its type's own condition holds for this viewer and page, else null. */
async function typeView(db: Db, p: Popup, ctx: TypeContext): Promise<PopupView | null> {
  const view = baseView(p);
  const d = display(p);
  const { member, query, now } = ctx;
  switch (p.popupType) {
    case 1:
      if (!d.pickup) return view;
      view.pickup = await pickupCampaign(db, p.campaignId, now);
      return view.pickup ? view : null;
    case 4: {
      if (!ctx.reading) return null;
      view.book_data = await oneBook(db, ctx.reading.continueBookId, now);
      return view.book_data ? view : null;
    }
    case 8:
      return member?.stampCardRunning && !member.isTodayStamp ? view : null;
    case 9:
      return member && member.bookshelfNewCount > 0 ? view : null;
    case 10:
      return d.discount_rate && d.discount_rate > 0 ? view : null;
    case 11:
      return member && member.cartCount > 0 ? view : null;
    case 31: {
      if (p.campaignId === null) return view;
      const [campaign] = await runningCampaigns(db, [p.campaignId], now);
      if (!campaign) return null;
      view.expire_seconds = campaign.endAt
        ? Math.max(0, Math.floor((campaign.endAt.getTime() - now.getTime()) / 1000))
        : null;
      return view;
    }
    case 32: {
      if (query.series === undefined) return null;
      const [item] = await seriesItems(db, [query.series], { now });
      const min = d.price_min ?? PRACTICAL_FREE_MIN;
      const max = d.price_max ?? PRACTICAL_FREE_MAX;
      if (!item || item.price_inc < min || item.price_inc > max) return null;
      view.book_data = item;
      return view;
    }
    case 36: {
      // For readers of the series on screen who have not put it in 気になる yet.
      if (!member || query.series === undefined) return null;
      const [liked, reading] = await Promise.all([
        favoriteSeriesIds(db, member.userId, [query.series]),
        continueBookIds(db, member.userId, [query.series]),
      ]);
      return liked.length === 0 && reading.has(query.series) ? view : null;
    }
    case 37:
    case 38:
      return d.display && ctx.facts.lastReadGenre !== null ? view : null;
    case 5:
    case 39:
      // Made for one series: shown on that series' page only.
      if (p.seriesId !== null && query.series !== p.seriesId) return null;
      view.book_data = await oneBook(db, p.bookId, now);
      return view;
    case 41: {
      if (!d.display || (d.genre_read && ctx.facts.lastReadGenre === null)) return null;
      view.book_data = await oneBook(db, p.bookId, now);
      if (!view.book_data) return null;
      return query.series === view.book_data.series_id ? null : view;
    }
    default:
      return view;
  }
}

function campaignRef(c: {
  campaignId: number;
  name: string;
  img: string | null;
  actionUrl: string | null;
}): PopupCampaign {
  return {
    campaign_id: c.campaignId,
    name: c.name,
    img: c.img,
    url: c.actionUrl ?? `/campaign/${c.campaignId}`,
  };
}

/**
 * The pickup-campaign popup's content: the popup's campaign, or the first running pickup
 * campaign of 総合, with up to 6 of its series. Null when there is no running pickup campaign
 * (spec 001 §5: the pickup popup then does nothing).
 */
async function pickupCampaign(
  db: Db,
  campaignId: number | null,
  now: Date,
): Promise<PopupView["pickup"]> {
  const ids = campaignId !== null ? [campaignId] : await pickupCampaignIdsOf(db, 1);
  const [campaign] = await runningCampaigns(db, ids, now);
  if (!campaign) return null;
  const targets = await campaignSeriesTargets(db, [campaign.campaignId], PICKUP_POPUP_ITEMS);
  const series = await seriesItems(db, targets.get(campaign.campaignId)?.seriesIds ?? [], { now });
  return {
    campaign: campaignRef(campaign),
    series: series.slice(0, PICKUP_POPUP_ITEMS),
    more_url: campaign.pickupMoreUrl ?? campaignRef(campaign).url,
  };
}

async function popupOfType(db: Db, popupId: number, types: readonly number[], now: Date) {
  const [row] = await db
    .select()
    .from(popups)
    .where(and(eq(popups.popupId, popupId), running(now)));
  if (!row || !types.includes(row.popupType)) {
    throw new NotFound("指定されたポップアップは見つかりません");
  }
  return row;
}

/** popup_open: the member saw the popup once more (display_limit counts these). */
export async function recordPopupOpen(
  db: Db,
  userId: number | null,
  popupId: number,
  now: Date,
): Promise<number> {
  await popupOfType(db, popupId, ALL_TYPES, now);
  if (userId === null) return 1;
  const [row] = await db
    .insert(popupDisplays)
    .values({ userId, popupId, openCount: 1, openedAt: now })
    .onConflictDoUpdate({
      target: [popupDisplays.userId, popupDisplays.popupId],
      set: { openCount: sql`${popupDisplays.openCount} + 1`, openedAt: now },
    })
    .returning({ openCount: popupDisplays.openCount });
  return row?.openCount ?? 1;
}

/** popup_close: closed now; hide keeps it out of the member's queue for good. */
export async function recordPopupClose(
  db: Db,
  userId: number | null,
  popupId: number,
  hide: boolean,
  now: Date,
): Promise<boolean> {
  const [popup] = await db
    .select({ popupId: popups.popupId })
    .from(popups)
    .where(eq(popups.popupId, popupId));
  if (!popup) throw new NotFound("指定されたポップアップは見つかりません");
  if (userId === null) return false;
  const [row] = await db
    .insert(popupDisplays)
    .values({ userId, popupId, closedAt: now, hidden: hide })
    .onConflictDoUpdate({
      target: [popupDisplays.userId, popupDisplays.popupId],
      // Once hidden, a later plain close does not bring it back.
      set: { closedAt: now, hidden: sql`${popupDisplays.hidden} or ${hide}` },
    })
    .returning({ hidden: popupDisplays.hidden });
  return row?.hidden ?? hide;
}

const ALL_TYPES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
];

/** /api/popup_signup_coupon: the discount, the book it is offered on, and recommendations. */
export async function signupCouponData(
  db: Db,
  popupId: number,
  bookId: number | undefined,
  now: Date,
) {
  const popup = await popupOfType(db, popupId, [10], now);
  const rate = display(popup).discount_rate;
  if (!rate) throw new NotFound("このポップアップにはクーポンがありません");
  const book = await oneBook(db, bookId ?? popup.bookId, now);
  const limit = book ? SIGNUP_RECOMMENDS_WITH_BOOK : SIGNUP_RECOMMENDS_WITHOUT_BOOK;
  const free = await freeSeriesIds(db, {
    minFree: 1,
    campaignFree: await freeCampaignSeries(db, now),
    limit: limit + 1,
    offset: 0,
  });
  const ids = free.ids.filter((id) => id !== book?.series_id).slice(0, limit);
  return {
    discount_rate: rate,
    book_data: book,
    recommends: await seriesItems(db, ids, { now }),
  };
}

/** /api/popup_genre_campaign: running campaigns of the genre read last. */
export async function genreCampaignData(db: Db, genre: number, now: Date) {
  const list = await runningCampaignEntries(db, now, genre);
  return {
    campaigns: list.slice(0, GENRE_CAMPAIGN_ITEMS).map((c) => ({
      campaign_id: c.campaign_id,
      name: c.name,
      img: c.img || null,
      url: c.url,
    })),
  };
}

/** /api/popup_pickup_free: series of the genre that start free, the current one left out. */
export async function pickupFreeData(
  db: Db,
  genre: number,
  seriesId: number | undefined,
  now: Date,
) {
  const found = await freeSeriesIds(db, {
    genre,
    minFree: 1,
    campaignFree: await freeCampaignSeries(db, now),
    limit: PICKUP_POPUP_ITEMS + 1,
    offset: 0,
  });
  const ids = found.ids.filter((id) => id !== seriesId).slice(0, PICKUP_POPUP_ITEMS);
  return { data: await seriesItems(db, ids, { now }) };
}

/** /api/popup_book_info: the volume a book popup (staff book, koma appeal) is about. */
export async function bookInfoData(db: Db, popupId: number, now: Date) {
  const popup = await popupOfType(db, popupId, [5, 39, 41], now);
  return { book_data: await oneBook(db, popup.bookId, now) };
}

/** /api/popup_creative_info: the koma images of a koma popup and the series they come from. */
export async function creativeInfoData(
  db: Db,
  popupId: number,
  seriesId: number | undefined,
  now: Date,
) {
  const popup = await popupOfType(db, popupId, [39, 42], now);
  const d = display(popup);
  if (popup.popupType === 39 && seriesId !== undefined && popup.seriesId !== null) {
    if (seriesId !== popup.seriesId)
      throw new BadInput("series", "series: このポップアップの作品ではありません");
  }
  const ids =
    popup.popupType === 42
      ? (d.series_ids ?? [])
      : [popup.seriesId ?? seriesId].filter((id): id is number => id != null);
  return { koma: d.koma ?? [], series: await seriesItems(db, ids, { now }) };
}
