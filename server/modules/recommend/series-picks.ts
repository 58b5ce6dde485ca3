import type { CampaignEntry } from "../../../contract/campaign";
import { pattern } from "../../../contract/campaign";
import type { SeriesItem } from "../../../contract/items";
import type { PagedSeries } from "../../../contract/series";
import {
  startOfTokyoDay,
  tokyoDateNumber,
  tokyoMonthDayWeekday,
  tokyoTime,
  WEEKDAYS_JA,
} from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import {
  campaignsStartedBetween,
  freeCampaignSeries,
  seriesOfCampaigns,
} from "../campaign/service";
import { bookItems, seriesItems } from "../cards/series-items";
import {
  freeSeriesIds,
  seriesByAuthors,
  seriesLike,
  seriesTaste,
  volumesReleasedBetween,
} from "../catalog/series-lists";
import { ownedSeriesIds, tasteSeriesIds } from "../library/service";

/** Free-work lists (/free, /many_free, /recommend?tp=4) show this many series per page. */
export const LIST_PAGE_SIZE = 30;
/** /many_free without limit_volume: series free for at least this many volumes. */
export const DEFAULT_MANY_FREE_VOLUMES = 3;

async function page(
  db: Db,
  ids: number[],
  total: number,
  pageNo: number,
  limit: number,
  now: Date,
) {
  const data = await seriesItems(db, ids, { now });
  return { data, pattern: pattern(pageNo, limit, total) };
}

/** /api/free and /api/many_free: series that can be started free, newest releases first. */
export async function freeSeries(
  db: Db,
  opts: { genre?: number | null; minFree: number; page: number; limit?: number },
  now = new Date(),
): Promise<PagedSeries> {
  const limit = opts.limit ?? LIST_PAGE_SIZE;
  const campaignFree = await freeCampaignSeries(db, now);
  const found = await freeSeriesIds(db, {
    genre: opts.genre,
    minFree: opts.minFree,
    campaignFree,
    limit,
    offset: (opts.page - 1) * limit,
  });
  return page(db, found.ids, found.total, opts.page, limit, now);
}

/**
 * Recommendation kinds (spec 001 §2.7 rec_type 1–4; /recommend?tp=): 1 picks for the member from
 * the genres and categories of what they favourited or bought, 2 works like the given series,
 * 3 other works of its authors, 4 free works.
 */
export const RECOMMEND_TITLES = {
  1: "あなたへのおすすめ",
  2: "この作品を読んだ人におすすめ",
  3: "同じ作者の作品",
  4: "無料で読めるおすすめ作品",
} as const;
export type RecommendType = keyof typeof RECOMMEND_TITLES;

export interface RecommendQuery {
  tp: RecommendType;
  seriesId?: number | null;
  userId: number | null;
  /** Lowest rating average (search key rt). */
  minRating?: number;
  page: number;
  limit?: number;
}

export interface RecommendList extends PagedSeries {
  tp: RecommendType;
  title: string;
  /** tp 1 for a visitor or a member without favourites or purchases: the most rated works. */
  fallback: boolean;
}

export async function recommendList(
  db: Db,
  q: RecommendQuery,
  now = new Date(),
): Promise<RecommendList> {
  const limit = q.limit ?? LIST_PAGE_SIZE;
  const offset = (q.page - 1) * limit;
  const base = { tp: q.tp, title: RECOMMEND_TITLES[q.tp], fallback: false };
  if (q.tp === 4) {
    const genre = q.seriesId ? (await seriesTaste(db, [q.seriesId])).genreIds[0] : null;
    return { ...base, ...(await freeSeries(db, { genre, minFree: 1, page: q.page, limit }, now)) };
  }
  const owned = q.userId !== null ? await ownedSeriesIds(db, q.userId) : [];
  if (q.tp === 1) {
    const taste = q.userId !== null ? await tasteSeriesIds(db, q.userId, 20) : [];
    const facts = await seriesTaste(db, taste);
    const exclude = [...new Set([...taste, ...owned, ...(q.seriesId ? [q.seriesId] : [])])];
    const found = await seriesLike(db, {
      genreIds: facts.genreIds,
      categoryIds: facts.categoryIds,
      exclude,
      minRating: q.minRating,
      limit,
      offset,
    });
    const paged = await page(db, found.ids, found.total, q.page, limit, now);
    return { ...base, ...paged, fallback: taste.length === 0 };
  }
  if (!q.seriesId) return { ...base, data: [], pattern: pattern(q.page, limit, 0) };
  const facts = await seriesTaste(db, [q.seriesId]);
  const exclude = [q.seriesId, ...owned];
  const found =
    q.tp === 2
      ? await seriesLike(db, {
          genreIds: facts.genreIds,
          categoryIds: facts.categoryIds,
          exclude,
          minRating: q.minRating,
          limit,
          offset,
        })
      : await seriesByAuthors(db, {
          authorIds: facts.authorIds,
          exclude,
          minRating: q.minRating,
          limit,
          offset,
        });
  return { ...base, ...(await page(db, found.ids, found.total, q.page, limit, now)) };
}

export interface RecommendFrame {
  rec_id: number;
  rec_type: RecommendType;
  title: string;
  display_number: number;
  tr: string;
  read_flag: boolean;
  more_url: string;
  items: SeriesItem[];
}

/** Frames show this many items (spec 001 §9: the recommendation popup shows 4; pages 6). */
export const FRAME_DISPLAY_NUMBER = 6;

/**
 * /api/recommends: the recommendation frames of a page. With a series: works like it and its
 * authors' other works; always the member's picks (for visitors, popular works) and free works.
 * Frames without items are left out (spec 001 §4: a frame hides itself when empty).
 */
export async function recommendFrames(
  db: Db,
  opts: { pageName: string; seriesId: number | null; userId: number | null },
  now = new Date(),
): Promise<RecommendFrame[]> {
  const types: RecommendType[] = opts.seriesId ? [2, 3, 1, 4] : [1, 4];
  const lists = await Promise.all(
    types.map((tp) =>
      recommendList(
        db,
        { tp, seriesId: opts.seriesId, userId: opts.userId, page: 1, limit: FRAME_DISPLAY_NUMBER },
        now,
      ),
    ),
  );
  return lists
    .filter((l) => l.data.length > 0)
    .map((l) => ({
      rec_id: l.tp,
      rec_type: l.tp,
      title: l.tp === 1 && l.fallback ? "人気の作品" : l.title,
      display_number: FRAME_DISPLAY_NUMBER,
      tr: `${opts.pageName}_rec${l.tp}`,
      read_flag: l.tp === 4,
      more_url: `/recommend?tp=${l.tp}${opts.seriesId ? `&series=${opts.seriesId}` : ""}`,
      items: l.data,
    }));
}

const DAY_MS = 86_400_000;
/** The daily special looks back over this many days, today included. */
export const DAILY_SPECIAL_DAYS = 7;

export interface DailySpecial {
  target_date: string;
  target_date_label: string;
  date_list: Array<{ date: string; label: string }>;
  appeal_books: SeriesItem[];
  new_books: SeriesItem[];
  new_campaigns: CampaignEntry[];
}

/** The days /daily_special offers, newest first (YYYYMMDD). */
export function dailySpecialDates(now: Date): string[] {
  const today = startOfTokyoDay(now);
  return Array.from({ length: DAILY_SPECIAL_DAYS }, (_, i) =>
    tokyoDateNumber(new Date(today.getTime() - i * DAY_MS)),
  );
}

/**
 * /api/daily_special: what became available on one Tokyo day of the last week: new volumes,
 * campaigns that opened, and the works those campaigns feature.
 */
export async function dailySpecial(
  db: Db,
  targetDate: string | null,
  now = new Date(),
): Promise<DailySpecial> {
  const today = startOfTokyoDay(now);
  const days = Array.from(
    { length: DAILY_SPECIAL_DAYS },
    (_, i) => new Date(today.getTime() - i * DAY_MS),
  );
  const from = days.find((d) => tokyoDateNumber(d) === targetDate) ?? today;
  const to = new Date(from.getTime() + DAY_MS);
  const [bookIds, campaignList] = await Promise.all([
    volumesReleasedBetween(db, from, to, 60),
    campaignsStartedBetween(db, from, to, now),
  ]);
  const featured = campaignList.filter((c) => !c.info_flag && !c.coupon_flag);
  const appealIds = await seriesOfCampaigns(
    db,
    featured.map((c) => c.campaign_id),
    12,
  );
  const [appeal, fresh] = await Promise.all([
    seriesItems(db, appealIds, { now }),
    bookItems(db, bookIds, { now }),
  ]);
  const t = tokyoTime(from);
  return {
    target_date: tokyoDateNumber(from),
    target_date_label: `${t.month}月${t.day}日(${WEEKDAYS_JA[t.weekday]})`,
    date_list: days.map((d) => ({ date: tokyoDateNumber(d), label: tokyoMonthDayWeekday(d) })),
    appeal_books: appeal,
    new_books: fresh,
    new_campaigns: campaignList,
  };
}
