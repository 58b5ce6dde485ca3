import { LatestReviews } from "../features/review/LatestReviews";
import { loadLatestReviews } from "../features/review/review.server";
import type { Route } from "./+types/reviews";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadLatestReviews(context, request);
}

export function meta() {
  return [{ title: "レビュー | コマヤ" }];
}

export default function Screen({ loaderData: d }: Route.ComponentProps) {
  return <LatestReviews reviews={d.reviews} total={d.total} page={d.page} isLogin={d.isLogin} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
