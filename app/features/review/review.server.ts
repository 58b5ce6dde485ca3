import type { AppLoadContext } from "react-router";
import { idFromPath } from "../../../contract/row-id";
import { NotFound } from "../../../server/lib/errors";
import {
  latestReviewsPage,
  memberReviewsPage,
  seriesReviewDigest as reviewDigest,
  subjectReviewsPage,
} from "../../../server/pages/review";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";

const viewerOf = (context: AppLoadContext) => context.request.member?.userId ?? null;
const isLogin = (context: AppLoadContext) => context.request.member !== null;

/** The series page's レビュー block. */
export function seriesReviewDigest(context: AppLoadContext, seriesId: number) {
  return reviewDigest(context.services.db, seriesId, viewerOf(context));
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
    const page = await subjectReviewsPage(
      context.services.db,
      { seriesId, bookId: bookId ?? null },
      pageQuery(request),
      viewerOf(context),
    );
    return { ...page, isLogin: isLogin(context) };
  });
}

/** /review/user/{profileId}: one member's public reviews, newest first. */
export async function loadMemberReviews(
  context: AppLoadContext,
  request: Request,
  profileId: string | undefined,
) {
  return orPageFailure(async () => {
    const page = await memberReviewsPage(
      context.services.db,
      profileId,
      pageQuery(request),
      viewerOf(context),
    );
    return { ...page, isLogin: isLogin(context) };
  });
}

/** /reviews: every member's newest reviews. */
export async function loadLatestReviews(context: AppLoadContext, request: Request) {
  return orPageFailure(async () => {
    const page = await latestReviewsPage(
      context.services.db,
      pageQuery(request),
      viewerOf(context),
    );
    return { ...page, isLogin: isLogin(context) };
  });
}
