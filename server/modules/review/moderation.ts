import { and, count, desc, eq, inArray, isNotNull, isNull, max, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { NotFound } from "../../lib/errors";
import { type Review, reviewReports, reviews } from "./schema";
import { rollingUpRating } from "./service";

export type ModeratedReview = Review;

/**
 * Review moderation (issue 24): the queue of reported reviews and hiding or restoring one. Who may
 * act and the audit row are the caller's (member-support).
 */

/** Reported reviews still shown (open) or hidden by staff, most recently reported first. */
export async function reportedReviews(
  db: Db,
  state: "open" | "hidden",
  paging: { limit: number; offset: number },
) {
  const where: SQL | undefined = and(
    eq(reviews.deleted, false),
    state === "open" ? isNull(reviews.hiddenAt) : isNotNull(reviews.hiddenAt),
  );
  const lastReported = max(reviewReports.createdAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ review: reviews, reports: count(), lastReportedAt: lastReported })
      .from(reviews)
      .innerJoin(reviewReports, eq(reviewReports.reviewId, reviews.reviewId))
      .where(where)
      .groupBy(reviews.reviewId)
      .orderBy(desc(lastReported), desc(reviews.reviewId))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(distinct ${reviews.reviewId})::int` })
      .from(reviews)
      .innerJoin(reviewReports, eq(reviewReports.reviewId, reviews.reviewId))
      .where(where),
  ]);
  const ids = rows.map((r) => r.review.reviewId);
  const reports =
    ids.length === 0
      ? []
      : await db
          .select({
            reviewId: reviewReports.reviewId,
            reportType: reviewReports.reportType,
            comment: reviewReports.comment,
            createdAt: reviewReports.createdAt,
          })
          .from(reviewReports)
          .where(inArray(reviewReports.reviewId, ids))
          .orderBy(desc(reviewReports.createdAt));
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((r) => ({
      review: r.review,
      reports: r.reports,
      lastReportedAt: r.lastReportedAt ?? r.review.createdAt,
      reportRows: reports.filter((p) => p.reviewId === r.review.reviewId),
    })),
  };
}

/**
 * Hides (reason given) or restores (null) a live review. The series' rating moves by what the
 * author's one rating did, as when the author edits it. Answers the row before and after.
 */
export async function setReviewHidden(
  tx: Tx,
  reviewId: number,
  reason: string | null,
  now = new Date(),
): Promise<{ before: Review; after: Review }> {
  const live = and(eq(reviews.reviewId, reviewId), eq(reviews.deleted, false));
  const [subject] = await tx
    .select({ userId: reviews.userId, seriesId: reviews.seriesId })
    .from(reviews)
    .where(live);
  if (!subject) throw new NotFound("レビューが見つかりませんでした");
  // The series' rating is locked first, as the author's own edits do, then the review row.
  return rollingUpRating(tx, subject.userId, subject.seriesId, async () => {
    const [before] = await tx.select().from(reviews).where(live).for("update");
    if (!before) throw new NotFound("レビューが見つかりませんでした");
    const [after] = await tx
      .update(reviews)
      .set(
        reason === null
          ? { hiddenAt: null, hiddenReason: null }
          : { hiddenAt: before.hiddenAt ?? now, hiddenReason: reason },
      )
      .where(eq(reviews.reviewId, reviewId))
      .returning();
    return { before, after: after! };
  });
}
