import type { Db } from "../db/client";
import {
  RECOMMEND_TITLES,
  type RecommendType,
  recommendFrames,
  recommendList,
} from "../modules/recommend/series-picks";

/** The recommendation kind ?tp= asks for; null (the frames page) for anything else. */
export function recommendTypeOf(value: string | null): RecommendType | null {
  const tp = Number(value);
  return tp in RECOMMEND_TITLES ? (tp as RecommendType) : null;
}

/** /recommend?tp=: one recommendation list, paged, as /api/recommend answers it. */
export function recommendPage(
  db: Db,
  opts: { tp: RecommendType; seriesId: number | null; userId: number | null; page: number },
) {
  return recommendList(db, opts);
}

/** /recommend without tp: the page's recommendation frames, as /api/recommends answers them. */
export function recommendFramesPage(db: Db, seriesId: number | null, userId: number | null) {
  return recommendFrames(db, { pageName: "recommend", seriesId, userId });
}
