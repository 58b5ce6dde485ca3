import { SERIES_USER_DEFAULTS, type SeriesMain, type SeriesUserData } from "../../contract/series";
import type { Db } from "../db/client";
import { featureEntries } from "../modules/home/service";
import { recordSeriesView } from "../modules/library/series-marks";
import {
  bookPeriod,
  featureItems,
  loadSeriesFacts,
  personalSeriesMainOf,
  seriesUserData,
  seriesUserDataOf,
  seriesVolume,
  type Viewer,
} from "./series-answers";

export interface SeriesPage {
  main: SeriesMain;
  /** null when not asked for (the main call answers main only). */
  user: SeriesUserData | null;
}

/**
 * The series page (/series/:id): its main data as this viewer sees it and, when asked, their own
 * data on it (visitors get the defaults). The series facts are read once and shared by both
 * parts; POST /api/personal/series/:id/main and the page's loader both answer from here.
 * null: no such series.
 */
export async function seriesPage(
  db: Db,
  seriesId: number,
  viewer: Viewer,
  opts: { withUserData: boolean },
  now = new Date(),
): Promise<SeriesPage | null> {
  const facts = await loadSeriesFacts(db, seriesId, now);
  if (!facts) return null;
  // A member looking at a series puts it at the top of 最近チェックしたマンガ.
  const [main, user] = await Promise.all([
    personalSeriesMainOf(db, facts, viewer, now),
    !opts.withUserData
      ? null
      : viewer.userId === null
        ? SERIES_USER_DEFAULTS
        : seriesUserDataOf(db, facts, viewer.userId, now),
    viewer.userId !== null ? recordSeriesView(db, viewer.userId, seriesId, now) : null,
  ]);
  return { main, user };
}

/** The viewer's own data on a series; a visitor (or a series gone) gets the defaults. */
async function userDataOf(db: Db, seriesId: number, viewer: Viewer): Promise<SeriesUserData> {
  if (viewer.userId === null) return SERIES_USER_DEFAULTS;
  return (await seriesUserData(db, seriesId, viewer.userId)) ?? SERIES_USER_DEFAULTS;
}

/** A volume's page (/series/:id/book/:bookId) and the viewer's data on its series; null: none. */
export async function volumePage(
  db: Db,
  query: { seriesId: number; bookId: number },
  viewer: Viewer,
) {
  const [volume, user] = await Promise.all([
    seriesVolume(db, query, viewer),
    userDataOf(db, query.seriesId, viewer),
  ]);
  return volume ? { volume, user } : null;
}

/** A volume's sale periods (/period) and the viewer's data on its series; null: no such volume. */
export async function periodPage(
  db: Db,
  query: { seriesId: number; bookId: number },
  viewer: Viewer,
) {
  const [period, user] = await Promise.all([
    bookPeriod(db, query, viewer),
    userDataOf(db, query.seriesId, viewer),
  ]);
  return period ? { period, user } : null;
}

/** /feature: one page of the store's feature articles, newest sections first. */
export async function featurePage(db: Db, page: { limit: number; offset: number }) {
  const { entries, total } = await featureEntries(db, page);
  return { features: await featureItems(db, entries), total };
}
