import type { SeriesItem } from "../../contract/items";
import type { Db } from "../db/client";
import { relatedSeries } from "../modules/recommend/service";

/** The series page's other-books tile: the works related to a series, none for an unknown one. */
export async function relatedSeriesTile(
  db: Db,
  seriesId: number,
  memberId: number | null,
): Promise<SeriesItem[]> {
  return (await relatedSeries(db, seriesId, memberId)) ?? [];
}
