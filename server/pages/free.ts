import type { Db } from "../db/client";
import { freeSeries } from "../modules/recommend/series-picks";

/** /free and /many_free: series that can be started free, as /api/free and /api/many_free. */
export function freePage(db: Db, opts: { genre: number | null; minFree: number; page: number }) {
  return freeSeries(db, opts);
}
