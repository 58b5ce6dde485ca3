import { type ReviewView, reviewListInput, reviewPageInput } from "../../contract/review";
import type { Db } from "../db/client";
import { NotFound } from "../lib/errors";
import { parseInput } from "../lib/input";
import { userIdOfProfile } from "../modules/account/service";
import { seriesAndVolumeLabels } from "../modules/catalog/service";
import { latestReviews, listReviews } from "../modules/review/service";

const SERIES_PAGE_REVIEWS = 3;
const NO_SERIES = "お探しの作品は見つかりませんでした";
const NO_USER = "お探しのユーザーは見つかりませんでした";

/** The series page's レビュー block: the newest few reviews and whether the member wrote one. */
export async function seriesReviewDigest(
  db: Db,
  seriesId: number,
  viewerId: number | null,
): Promise<{ reviews: ReviewView[]; total: number; reviewed: boolean }> {
  const answer = await listReviews(db, viewerId, {
    series: seriesId,
    sort: 1,
    pn: 1,
    review_book: 1,
  });
  return {
    reviews: answer.reviews.slice(0, SERIES_PAGE_REVIEWS),
    total: answer.total,
    reviewed: answer.reviewed_flag,
  };
}

/**
 * /review/series/{seriesId}[/book/{bookId}]: the reviews, sorted and paged, with the names the
 * page heads them with. bookId null: the series' reviews. An unknown series or volume is a 404.
 */
export async function subjectReviewsPage(
  db: Db,
  subject: { seriesId: number; bookId: number | null },
  query: { sort?: unknown; pn?: unknown },
  viewerId: number | null,
) {
  const { seriesId, bookId } = subject;
  const input = parseInput(reviewListInput, {
    series: seriesId,
    book: bookId ?? undefined,
    sort: query.sort,
    pn: query.pn,
  });
  const labels = await seriesAndVolumeLabels(db, [seriesId], bookId ? [bookId] : []);
  const seriesName = labels.names.get(seriesId);
  if (!seriesName) throw new NotFound(NO_SERIES);
  const volume = bookId ? labels.volumes.get(bookId) : undefined;
  if (bookId && volume === undefined) throw new NotFound("お探しの巻は見つかりませんでした");
  const answer = await listReviews(db, viewerId, input);
  return {
    seriesId,
    seriesName,
    bookId,
    volume: volume ?? null,
    episodes: labels.episodic.has(seriesId),
    sort: input.sort,
    ...answer,
  };
}

/** /review/user/{profileId}: one member's public reviews, newest first; an unknown one is a 404. */
export async function memberReviewsPage(
  db: Db,
  profileId: string | undefined,
  query: { pn?: unknown },
  viewerId: number | null,
) {
  if (!profileId || !/^[A-Za-z0-9_-]{1,40}$/.test(profileId)) throw new NotFound(NO_USER);
  if ((await userIdOfProfile(db, profileId)) === null) throw new NotFound(NO_USER);
  const input = parseInput(reviewListInput, { profile_id: profileId, pn: query.pn });
  return { profileId, ...(await listReviews(db, viewerId, input)) };
}

/** /reviews: every member's newest reviews. */
export async function latestReviewsPage(db: Db, query: { pn?: unknown }, viewerId: number | null) {
  const { pn } = parseInput(reviewPageInput, { pn: query.pn });
  return { page: pn, ...(await latestReviews(db, viewerId, pn)) };
}
