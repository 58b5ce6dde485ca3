import type { AppLoadContext } from "react-router";
import { type ReviewView, reviewListInput, reviewPageInput } from "../../../contract/review";
import { idFromPath } from "../../../contract/row-id";
import { NotFound } from "../../../server/lib/errors";
import { parseInput } from "../../../server/lib/input";
import { userIdOfProfile } from "../../../server/modules/account/service";
import { seriesAndVolumeLabels } from "../../../server/modules/catalog/service";
import { latestReviews, listReviews } from "../../../server/modules/review/service";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";

const SERIES_PAGE_REVIEWS = 3;

const viewerOf = (context: AppLoadContext) => context.request.member?.userId ?? null;

/** The series page's レビュー block: the newest few reviews and whether the member wrote one. */
export async function seriesReviewDigest(
  context: AppLoadContext,
  seriesId: number,
): Promise<{ reviews: ReviewView[]; total: number; reviewed: boolean }> {
  const answer = await listReviews(context.services.db, viewerOf(context), {
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

/** /review/series/{seriesId}[/book/{bookId}]: the reviews, sorted and paged, and the form. */
export async function loadSubjectReviews(
  context: AppLoadContext,
  request: Request,
  params: { seriesId?: string; bookId?: string },
) {
  return orPageFailure(async () => {
    const seriesId = idFromPath(params.seriesId);
    const bookId = params.bookId === undefined ? undefined : idFromPath(params.bookId);
    if (seriesId === null || bookId === null)
      throw new NotFound("お探しの作品は見つかりませんでした");
    const query = pageQuery(request);
    const input = parseInput(reviewListInput, {
      series: seriesId,
      book: bookId,
      sort: query.sort,
      pn: query.pn,
    });
    const db = context.services.db;
    const labels = await seriesAndVolumeLabels(db, [seriesId], bookId ? [bookId] : []);
    const seriesName = labels.names.get(seriesId);
    if (!seriesName) throw new NotFound("お探しの作品は見つかりませんでした");
    const volume = bookId ? labels.volumes.get(bookId) : undefined;
    if (bookId && volume === undefined) throw new NotFound("お探しの巻は見つかりませんでした");
    const answer = await listReviews(db, viewerOf(context), input);
    return {
      seriesId,
      seriesName,
      bookId: bookId ?? null,
      volume: volume ?? null,
      sort: input.sort,
      isLogin: context.request.member !== null,
      ...answer,
    };
  });
}

/** /review/user/{profileId}: one member's public reviews, newest first. */
export async function loadMemberReviews(
  context: AppLoadContext,
  request: Request,
  profileId: string | undefined,
) {
  return orPageFailure(async () => {
    if (!profileId || !/^[A-Za-z0-9_-]{1,40}$/.test(profileId)) {
      throw new NotFound("お探しのユーザーは見つかりませんでした");
    }
    const db = context.services.db;
    if ((await userIdOfProfile(db, profileId)) === null) {
      throw new NotFound("お探しのユーザーは見つかりませんでした");
    }
    const query = pageQuery(request);
    const input = parseInput(reviewListInput, { profile_id: profileId, pn: query.pn });
    const answer = await listReviews(db, viewerOf(context), input);
    return { profileId, isLogin: context.request.member !== null, ...answer };
  });
}

/** /reviews: every member's newest reviews. */
export async function loadLatestReviews(context: AppLoadContext, request: Request) {
  return orPageFailure(async () => {
    const query = pageQuery(request);
    const { pn } = parseInput(reviewPageInput, { pn: query.pn });
    const answer = await latestReviews(context.services.db, viewerOf(context), pn);
    return { page: pn, isLogin: context.request.member !== null, ...answer };
  });
}
