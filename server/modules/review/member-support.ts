import { count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reviewReports, reviews } from "./schema";

/**
 * The member's reviews, deleted ones too, newest first, each with how many reports it drew: the
 * back office's member page (issue 24).
 */
export async function reviewsBy(db: Db, userId: number, limit: number) {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.reviewId))
    .limit(limit);
  const ids = rows.map((r) => r.reviewId);
  const reports =
    ids.length === 0
      ? []
      : await db
          .select({ reviewId: reviewReports.reviewId, n: count() })
          .from(reviewReports)
          .where(inArray(reviewReports.reviewId, ids))
          .groupBy(reviewReports.reviewId);
  const reportsOf = new Map(reports.map((r) => [r.reviewId, r.n]));
  return rows.map((r) => ({ ...r, reports: reportsOf.get(r.reviewId) ?? 0 }));
}
