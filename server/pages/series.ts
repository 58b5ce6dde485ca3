import { SERIES_USER_DEFAULTS, type SeriesMain, type SeriesUserData } from "../../contract/series";
import type { Db } from "../db/client";
import {
  loadSeriesFacts,
  personalSeriesMainOf,
  seriesUserDataOf,
  type Viewer,
} from "../modules/catalog/series-page";
import { recordSeriesView } from "../modules/library/series-marks";

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
