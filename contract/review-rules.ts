// Without zod: the review screens show these bounds and labels in the browser, the schemas in
// review.ts check them on the server (decision 0040).

/**
 * Review calls (spec 001 §3 Review, §7.4 /api/review/*). The spec leaves the post field bounds
 * open (§5); these are ours (docs/decisions/0025-reviews.md), each with its own message.
 */
export const REVIEW_LIMITS = { nickname: 20, title: 50, comment: 2000, tags: 5, tag: 20 } as const;
export const REVIEWS_PER_PAGE = 10;

/** 1 newest, 2 most liked, 3 highest rated. */
export const REVIEW_SORTS = [1, 2, 3] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  1: "新着順",
  2: "いいねが多い順",
  3: "評価が高い順",
};

/** Why a member reports a review; staff read the queue. */
export const REPORT_TYPES = [1, 2, 3, 9] as const;
export const REPORT_TYPE_LABELS: Record<(typeof REPORT_TYPES)[number], string> = {
  1: "ネタバレを含む",
  2: "誹謗中傷",
  3: "作品と関係ない内容",
  9: "その他",
};
export const REPORT_COMMENT_MAX = 400;
