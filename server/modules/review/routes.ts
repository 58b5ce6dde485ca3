import { Hono } from "hono";
import {
  reviewAddInput,
  reviewIdInput,
  reviewListInput,
  reviewRecommendInput,
  reviewReportInput,
} from "../../../contract/review";
import type { AppEnv, AppServices } from "../../lib/context";
import { Forbidden } from "../../lib/errors";
import { readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { refuseStoreNames } from "../../lib/store-names";
import { throttle } from "../../lib/throttle";
import type { LimitRule } from "../../rate-limit";
import {
  addReview,
  listReviews,
  recommendedReviews,
  removeReview,
  reportReview,
  toggleReviewLike,
} from "./service";

/** Reviews posted or edited by one member in ten minutes (decision 0053). */
const REVIEW_POSTS: LimitRule = { name: "review", points: 10, windowSeconds: 10 * 60 };

/** The review calls (spec 001 §7.4); lists are open to visitors, the rest are a member's. */
export function reviewRoutes(services: AppServices) {
  const routes = new Hono<AppEnv>();
  const viewerId = (c: { get: (k: "member") => { userId: number } | null | undefined }) =>
    c.get("member")?.userId ?? null;

  routes.post("/review/list", async (c) => {
    const input = await readJson(c, reviewListInput);
    return c.json({ result: true, ...(await listReviews(services.db, viewerId(c), input)) });
  });

  routes.post("/review/add", async (c) => {
    const member = requireMember(c);
    const input = await readJson(c, reviewAddInput);
    refuseStoreNames(member.userType, input);
    // Public text under the store's name waits for a confirmed address (decision 0051).
    if (!member.emailVerifiedAt) {
      throw new Forbidden(
        "レビューを投稿するには、メールアドレスの確認が必要です。登録時のメールのリンクを開くか、アカウントページから確認メールを再送してください",
      );
    }
    await throttle(
      c,
      services.limiter,
      REVIEW_POSTS,
      String(member.userId),
      "レビューの投稿が続いたため、しばらく時間をおいてからお試しください",
    );
    const saved = await addReview(services.db, member.userId, input);
    return c.json({
      result: true,
      review_id: saved.reviewId,
      edited: saved.edited,
      reviewed_flag: true,
    });
  });

  routes.post("/review/remove", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, reviewIdInput);
    await removeReview(services.db, userId, input.review_id);
    return c.json({ result: true, review_id: input.review_id, reviewed_flag: false });
  });

  routes.post("/review/like", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, reviewIdInput);
    const like = await toggleReviewLike(services.db, userId, input.review_id);
    return c.json({
      result: true,
      review_id: input.review_id,
      liked_flag: like.liked,
      like_count: like.likeCount,
    });
  });

  routes.post("/review/report", async (c) => {
    const userId = requireMember(c).userId;
    const input = await readJson(c, reviewReportInput);
    await reportReview(services.db, userId, input);
    return c.json({ result: true, review_id: input.review_id, reported_flag: true });
  });

  routes.post("/review/recommend", async (c) => {
    const input = await readJson(c, reviewRecommendInput);
    return c.json({
      result: true,
      reviews: await recommendedReviews(services.db, viewerId(c), input.genre),
    });
  });

  return routes;
}
