import type { SeriesItem } from "../../../contract/items";
import {
  RELATED_LIST_MAX,
  type RecommendFrameAnswer,
  type RecType,
  recommendMoreUrl,
} from "../../../contract/recommend";
import type { Db } from "../../db/client";
import { runningCampaignEntries, seriesOfCampaigns } from "../campaign/service";
import { seriesItems } from "../cards/series-items";
import {
  sameLabelSeriesIds,
  seriesByAuthors,
  seriesLike,
  seriesTaste,
} from "../catalog/series-lists";
import { labelOfSeries } from "../catalog/series-lookups";
import { withMemberFlags } from "../commerce/member-flags";
import { tasteSeriesIds } from "../library/service";
import { recommendList } from "./series-picks";

/** A frame as the store defines it (spec 000 §3 recommendation frame), without its items. */
export interface FrameDefinition {
  rec_type: RecType;
  title: string;
  display_number: number;
  read_flag: boolean;
}

/**
 * The recommendation frames /api/recommend?id= serves, by rec_id. Their items always come from
 * the catalog, the member's lists and the running campaigns at the time of asking.
 */
export const RECOMMEND_FRAMES: Record<number, FrameDefinition> = {
  1: { rec_type: 1, title: "あなたへのおすすめ", display_number: 6, read_flag: false },
  2: { rec_type: 2, title: "この作品を読んだ人におすすめ", display_number: 6, read_flag: false },
  3: { rec_type: 3, title: "同じ作者の作品", display_number: 6, read_flag: false },
  4: { rec_type: 4, title: "無料で読めるおすすめ作品", display_number: 6, read_flag: true },
  6: { rec_type: 6, title: "お得なキャンペーン開催中", display_number: 6, read_flag: false },
  7: { rec_type: 7, title: "このジャンルのキャンペーン作品", display_number: 6, read_flag: false },
};

/** Genre 1 (総合) says nothing about a work; the first other genre does. */
async function specificGenreOf(db: Db, seriesId: number | null): Promise<number | null> {
  if (seriesId === null) return null;
  const { genreIds } = await seriesTaste(db, [seriesId]);
  return genreIds.find((g) => g !== 1) ?? null;
}

/** Series featured by running campaigns (not coupon or information campaigns), in their order. */
async function campaignSeriesIds(db: Db, genre: number | null, limit: number, now: Date) {
  const running = await runningCampaignEntries(db, now, genre);
  const featured = running.filter((c) => !c.info_flag && !c.coupon_flag);
  return seriesOfCampaigns(
    db,
    featured.map((c) => c.campaign_id),
    limit,
  );
}

/**
 * The series a recommendation starts from when the page names none: the member's latest 気になる
 * or bookshelf series. Visitors have none.
 */
export async function startingSeries(db: Db, userId: number | null): Promise<number | null> {
  if (userId === null) return null;
  const [latest] = await tasteSeriesIds(db, userId, 1);
  return latest ?? null;
}

/**
 * One recommendation frame with its items (/api/recommend?id=), cut to its display number or the
 * smaller `num`. A frame with no items answers an empty list: the page hides it (spec 001 §4).
 */
export async function recommendFrame(
  db: Db,
  opts: {
    recId: number;
    frame: FrameDefinition;
    seriesId: number | null;
    userId: number | null;
    num?: number;
    /** The tracking name the page gives the frame (spec 000 tracking link rule). */
    tr: string;
  },
  now = new Date(),
): Promise<RecommendFrameAnswer> {
  const { frame } = opts;
  const shown = Math.min(opts.num ?? frame.display_number, frame.display_number);
  const genre = frame.rec_type === 7 ? await specificGenreOf(db, opts.seriesId) : null;
  let items: SeriesItem[];
  if (frame.rec_type === 6 || frame.rec_type === 7) {
    const ids = await campaignSeriesIds(db, genre, shown, now);
    items = await seriesItems(db, ids, { now });
  } else {
    const list = await recommendList(
      db,
      { tp: frame.rec_type, seriesId: opts.seriesId, userId: opts.userId, page: 1, limit: shown },
      now,
    );
    items = list.data;
  }
  return {
    rec_id: opts.recId,
    rec_type: frame.rec_type,
    title: frame.title,
    display_number: frame.display_number,
    tr: opts.tr,
    read_flag: frame.read_flag,
    more_url: recommendMoreUrl(frame.rec_type, opts.seriesId, genre),
    items: await withMemberFlags(db, opts.userId, items.slice(0, shown)),
  };
}

/**
 * Works related to a series (/api/recommend/related, the series page's other-books tile): the
 * same authors first, then the same label, then the same genres with the most shared categories.
 * undefined: no such series.
 */
export async function relatedSeries(
  db: Db,
  seriesId: number,
  userId: number | null,
  now = new Date(),
): Promise<SeriesItem[] | undefined> {
  const labelId = await labelOfSeries(db, seriesId);
  if (labelId === undefined) return undefined;
  const taste = await seriesTaste(db, [seriesId]);
  const exclude = [seriesId];
  const [byAuthors, byLabel, byGenre] = await Promise.all([
    seriesByAuthors(db, {
      authorIds: taste.authorIds,
      exclude,
      limit: RELATED_LIST_MAX,
      offset: 0,
    }),
    sameLabelSeriesIds(db, seriesId, labelId, RELATED_LIST_MAX),
    taste.genreIds.some((g) => g !== 1)
      ? seriesLike(db, {
          genreIds: taste.genreIds,
          categoryIds: taste.categoryIds,
          exclude,
          limit: RELATED_LIST_MAX,
          offset: 0,
        })
      : { ids: [] },
  ]);
  const ids = [...new Set([...byAuthors.ids, ...byLabel, ...byGenre.ids])].slice(
    0,
    RELATED_LIST_MAX,
  );
  return withMemberFlags(db, userId, await seriesItems(db, ids, { now }));
}
