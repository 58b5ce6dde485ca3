import { loadReviewQueue } from "../features/ops-members/ops-inbox.server";
import { ReviewQueue } from "../features/ops-members/ReviewQueue";
import "../features/ops-members/ops-members.css";
import type { Route } from "./+types/ops-reviews";

export function meta() {
  return [{ title: "レビューの通報 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReviewQueue(context, request);
}

export default function OpsReviews({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="ops-title">レビューの通報</h1>
      <p className="ops-note">
        会員から通報されたレビューです。非表示にしたレビューは投稿者本人以外には表示されず、作品の評価にも数えられません。
      </p>
      <ReviewQueue answer={loaderData} />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
