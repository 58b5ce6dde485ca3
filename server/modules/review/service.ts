import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type {
  ReviewAddInput,
  ReviewListAnswer,
  ReviewListInput,
  ReviewView,
} from "../../../contract/review";
import { REVIEWS_PER_PAGE } from "../../../contract/review-rules";
import type { Db, Tx } from "../../db/client";
import { Forbidden, NotFound } from "../../lib/errors";
import { publicProfiles, userIdOfProfile } from "../account/service";
import { seriesExists } from "../catalog/series-record";
import {
  isVolumeOf,
  lockSeriesRating,
  seriesAndVolumeLabels,
  seriesIdsOfGenre,
  shiftSeriesRating,
} from "../catalog/service";
import { purchasedSubjects } from "../library/service";
import { bookRatings, reviewLikes, reviewReports, reviews } from "./schema";

/** The stars a member gave the volumes of one series (Series user data "ratings"). */
export async function memberBookRatings(
  db: Db,
  userId: number,
  seriesId: number,
): Promise<Array<{ bookId: number; rating: number }>> {
  return db
    .select({ bookId: bookRatings.bookId, rating: bookRatings.rating })
    .from(bookRatings)
    .where(and(eq(bookRatings.userId, userId), eq(bookRatings.seriesId, seriesId)));
}

/** The stars a member gave one volume; null: none yet. */
export async function memberBookRating(
  db: Db,
  userId: number,
  bookId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ rating: bookRatings.rating })
    .from(bookRatings)
    .where(and(eq(bookRatings.userId, userId), eq(bookRatings.bookId, bookId)));
  return row?.rating ?? null;
}

/** A member rates a volume 1–5; rating again replaces the earlier stars. */
export async function rateBook(
  db: Db,
  input: { userId: number; seriesId: number; bookId: number; rating: number },
  at = new Date(),
): Promise<void> {
  await db
    .insert(bookRatings)
    .values({ ...input, updatedAt: at })
    .onConflictDoUpdate({
      target: [bookRatings.userId, bookRatings.bookId],
      set: { rating: input.rating, seriesId: input.seriesId, updatedAt: at },
    });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

const subject = (userId: number, seriesId: number, bookId: number | null) =>
  and(
    eq(reviews.userId, userId),
    eq(reviews.seriesId, seriesId),
    bookId === null ? isNull(reviews.bookId) : eq(reviews.bookId, bookId),
    eq(reviews.deleted, false),
  );

/**
 * One member's rating of a series, as its average counts it (decision 0054): their review of the
 * whole series when they wrote one, otherwise the mean of their volume reviews; null: neither.
 */
async function memberSeriesRating(
  db: Db,
  userId: number,
  seriesId: number,
): Promise<number | null> {
  const [row] = await db
    .select({
      whole: sql<number | null>`max(${reviews.rating}) filter (where ${reviews.bookId} is null)`,
      volumes: sql<
        number | null
      >`avg(${reviews.rating}) filter (where ${reviews.bookId} is not null)`,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.userId, userId),
        eq(reviews.seriesId, seriesId),
        eq(reviews.deleted, false),
        // A review hidden by staff leaves the average with the lists (issue 24).
        isNull(reviews.hiddenAt),
      ),
    );
  const rating = row?.whole ?? row?.volumes;
  return rating === null || rating === undefined ? null : Number(rating);
}

/**
 * Runs a change to a member's reviews of one series and moves the series' rating by what it did
 * to that member's one rating: one member counts once, however many volumes they review.
 */
export async function rollingUpRating<T>(
  tx: Tx,
  userId: number,
  seriesId: number,
  change: () => Promise<T>,
): Promise<T> {
  await lockSeriesRating(tx, seriesId);
  const before = await memberSeriesRating(tx, userId, seriesId);
  const result = await change();
  const after = await memberSeriesRating(tx, userId, seriesId);
  await shiftSeriesRating(tx, seriesId, before, after);
  return result;
}

/**
 * A member reviews a series or one volume: once each, so posting again edits that review
 * (the "reviews once and can edit it"). Answers the review id and whether it was an edit.
 */
export async function addReview(
  db: Db,
  userId: number,
  input: ReviewAddInput,
  at = new Date(),
): Promise<{ reviewId: number; edited: boolean }> {
  if (!(await seriesExists(db, input.series))) throw new NotFound("作品が見つかりませんでした");
  const bookId = input.book ?? null;
  if (bookId !== null && !(await isVolumeOf(db, bookId, input.series))) {
    throw new NotFound("お探しの巻は見つかりませんでした");
  }
  const fields = {
    nickname: input.nickname,
    title: input.title,
    comment: input.comment,
    rating: input.rating,
    spoil: input.spoil,
    tag: input.tag.length > 0 ? input.tag.join(",") : null,
    updatedAt: at,
  };
  const attempt = () =>
    db.transaction((tx) =>
      rollingUpRating(tx, userId, input.series, async () => {
        const [mine] = await tx
          .select({ reviewId: reviews.reviewId })
          .from(reviews)
          .where(subject(userId, input.series, bookId))
          .for("update");
        if (mine) {
          await tx.update(reviews).set(fields).where(eq(reviews.reviewId, mine.reviewId));
          return { reviewId: mine.reviewId, edited: true };
        }
        const [row] = await tx
          .insert(reviews)
          .values({ ...fields, userId, seriesId: input.series, bookId, createdAt: at })
          .returning({ reviewId: reviews.reviewId });
        return { reviewId: row!.reviewId, edited: false };
      }),
    );
  try {
    return await attempt();
  } catch (error) {
    // Two posts at once: the other one created the review, so this one edits it.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

/** A member removes their own review; the series' average follows their remaining reviews. */
export async function removeReview(db: Db, userId: number, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ seriesId: reviews.seriesId })
      .from(reviews)
      .where(
        and(eq(reviews.reviewId, reviewId), eq(reviews.userId, userId), eq(reviews.deleted, false)),
      );
    if (!mine) throw new NotFound("レビューが見つかりませんでした");
    await rollingUpRating(tx, userId, mine.seriesId, async () => {
      const [gone] = await tx
        .update(reviews)
        .set({ deleted: true, updatedAt: new Date() })
        .where(
          and(
            eq(reviews.reviewId, reviewId),
            eq(reviews.userId, userId),
            eq(reviews.deleted, false),
          ),
        )
        .returning({ reviewId: reviews.reviewId });
      if (!gone) throw new NotFound("レビューが見つかりませんでした");
    });
  });
}

/**
 * A review the viewer may act on: live and not one they reported (hidden from them). `lock` holds
 * the review row, so one member's quick taps on いいね run one after another.
 */
async function othersReview(db: Db, userId: number, reviewId: number, lock = false) {
  const query = db
    .select({ userId: reviews.userId, reported: reviewReports.reviewId })
    .from(reviews)
    .leftJoin(
      reviewReports,
      and(eq(reviewReports.reviewId, reviews.reviewId), eq(reviewReports.userId, userId)),
    )
    .where(and(eq(reviews.reviewId, reviewId), eq(reviews.deleted, false), shownTo(userId)));
  const [row] = lock ? await query.for("update", { of: reviews }) : await query;
  if (!row || row.reported !== null) throw new NotFound("レビューが見つかりませんでした");
  return row;
}

/** いいね on or off, once per member: answers the new flag and count. */
export async function toggleReviewLike(
  db: Db,
  userId: number,
  reviewId: number,
): Promise<{ liked: boolean; likeCount: number }> {
  return db.transaction(async (tx) => {
    const review = await othersReview(tx, userId, reviewId, true);
    if (review.userId === userId) throw new Forbidden("自分のレビューにはいいねできません");
    const added = await tx
      .insert(reviewLikes)
      .values({ reviewId, userId })
      .onConflictDoNothing()
      .returning({ reviewId: reviewLikes.reviewId });
    const liked = added.length > 0;
    if (!liked) {
      await tx
        .delete(reviewLikes)
        .where(and(eq(reviewLikes.reviewId, reviewId), eq(reviewLikes.userId, userId)));
    }
    // The count follows the rows actually added or removed, so it never drifts from review_likes.
    const [row] = await tx
      .update(reviews)
      .set({ likeCount: sql`${reviews.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(reviews.reviewId, reviewId))
      .returning({ likeCount: reviews.likeCount });
    return { liked, likeCount: row!.likeCount };
  });
}

/** A member reports a review: it joins the staff queue and disappears from their lists. */
export async function reportReview(
  db: Db,
  userId: number,
  input: { review_id: number; report_type: number; comment?: string },
): Promise<void> {
  const review = await othersReview(db, userId, input.review_id);
  if (review.userId === userId) throw new Forbidden("自分のレビューは通報できません");
  await db
    .insert(reviewReports)
    .values({
      reviewId: input.review_id,
      userId,
      reportType: input.report_type,
      comment: input.comment ?? null,
    })
    .onConflictDoNothing();
}

async function selectReviews(
  db: Db,
  viewerId: number | null,
  where: SQL | undefined,
  order: SQL[],
  offset: number,
  limit: number,
): Promise<ReviewView[]> {
  const rows = await db
    .select({
      review: reviews,
      liked:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${reviewLikes} where ${reviewLikes.reviewId} = ${reviews.reviewId} and ${reviewLikes.userId} = ${viewerId})`,
    })
    .from(reviews)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit);
  const [labels, profiles, purchased] = await Promise.all([
    seriesAndVolumeLabels(
      db,
      rows.map((r) => r.review.seriesId),
      rows.flatMap((r) => (r.review.bookId === null ? [] : [r.review.bookId])),
    ),
    publicProfiles(
      db,
      rows.map((r) => r.review.userId),
    ),
    purchasedSubjects(
      db,
      rows.map((r) => r.review),
    ),
  ]);
  return rows.map(({ review: r, liked }) => ({
    review_id: r.reviewId,
    series_id: r.seriesId,
    series_name: labels.names.get(r.seriesId) ?? "",
    book_id: r.bookId,
    volume: r.bookId === null ? null : (labels.volumes.get(r.bookId) ?? null),
    episodes_flag: labels.episodic.has(r.seriesId),
    nickname: r.nickname,
    profile_id: profiles.get(r.userId)?.profileId ?? "",
    title: r.title,
    comment: r.comment,
    rating: r.rating,
    spoil: r.spoil,
    tags: r.tag ? r.tag.split(",") : [],
    like_count: r.likeCount,
    liked_flag: Boolean(liked),
    purchased_flag: purchased(r),
    own_flag: viewerId !== null && r.userId === viewerId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    // Only the author is shown their hidden review, and why it was hidden.
    hidden_reason: r.hiddenAt !== null && r.userId === viewerId ? (r.hiddenReason ?? "") : null,
  }));
}

/** Not hidden by staff, or the viewer's own (they see it with the reason). */
function shownTo(viewerId: number | null): SQL {
  if (viewerId === null) return isNull(reviews.hiddenAt);
  return or(isNull(reviews.hiddenAt), eq(reviews.userId, viewerId)) as SQL;
}

/** Live reviews shown to the viewer, minus those they reported. */
function visible(viewerId: number | null): SQL {
  const live = and(eq(reviews.deleted, false), shownTo(viewerId)) as SQL;
  if (viewerId === null) return live;
  return and(
    live,
    sql`not exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.reviewId} and ${reviewReports.userId} = ${viewerId})`,
  ) as SQL;
}

const SORT_ORDER: Record<1 | 2 | 3, SQL[]> = {
  1: [desc(reviews.createdAt), desc(reviews.reviewId)],
  2: [desc(reviews.likeCount), desc(reviews.createdAt), desc(reviews.reviewId)],
  3: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.reviewId)],
};

/** /api/review/list: a member's public reviews (by profile id) or a series' or volume's. */
export async function listReviews(
  db: Db,
  viewerId: number | null,
  input: ReviewListInput,
): Promise<ReviewListAnswer> {
  const filters: Array<SQL | undefined> = [visible(viewerId)];
  if (input.profile_id !== undefined) {
    // An unknown profile lists nothing, like a member without reviews.
    filters.push(eq(reviews.userId, (await userIdOfProfile(db, input.profile_id)) ?? 0));
  }
  if (input.series !== undefined) filters.push(eq(reviews.seriesId, input.series));
  if (input.book !== undefined) filters.push(eq(reviews.bookId, input.book));
  else if (input.series !== undefined && input.review_book === 0) {
    filters.push(isNull(reviews.bookId));
  }
  const where = and(...filters);
  const offset = (input.pn - 1) * REVIEWS_PER_PAGE;
  const [page, [counted]] = await Promise.all([
    selectReviews(db, viewerId, where, SORT_ORDER[input.sort], offset, REVIEWS_PER_PAGE),
    db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(where),
  ]);
  let myReview: ReviewView | null = null;
  if (viewerId !== null && input.series !== undefined) {
    [myReview = null] = await selectReviews(
      db,
      viewerId,
      subject(viewerId, input.series, input.book ?? null),
      [],
      0,
      1,
    );
  }
  return {
    reviews: page,
    total: Number(counted?.n ?? 0),
    page: input.pn,
    per_page: REVIEWS_PER_PAGE,
    reviewed_flag: myReview !== null,
    my_review: myReview,
  };
}

/** The newest reviews across the store (the /reviews page), newest first. */
export async function latestReviews(
  db: Db,
  viewerId: number | null,
  page: number,
): Promise<{ reviews: ReviewView[]; total: number }> {
  const where = visible(viewerId);
  const [list, [counted]] = await Promise.all([
    selectReviews(
      db,
      viewerId,
      where,
      SORT_ORDER[1],
      (page - 1) * REVIEWS_PER_PAGE,
      REVIEWS_PER_PAGE,
    ),
    db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(where),
  ]);
  return { reviews: list, total: Number(counted?.n ?? 0) };
}

const RECOMMEND_LIMIT = 10;

/** /api/review/recommend: the most liked reviews of a genre (0: every genre), spoilers left out. */
export async function recommendedReviews(
  db: Db,
  viewerId: number | null,
  genre: number,
): Promise<ReviewView[]> {
  let inGenre: SQL | undefined;
  if (genre !== 0) {
    const ids = await seriesIdsOfGenre(db, genre);
    if (ids.length === 0) return [];
    inGenre = inArray(reviews.seriesId, ids);
  }
  return selectReviews(
    db,
    viewerId,
    and(visible(viewerId), eq(reviews.spoil, false), inGenre),
    SORT_ORDER[2],
    0,
    RECOMMEND_LIMIT,
  );
}

/** How many volumes a member has rated ({total_rating} and totalRating markers on topic pages). */
export async function memberRatingCount(db: Db, userId: number): Promise<number> {
  return db.$count(bookRatings, eq(bookRatings.userId, userId));
}
