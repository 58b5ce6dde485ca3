import { loadPointDetail } from "../features/ledgers/ledgers.server";
import { PointDetailScreen } from "../features/ledgers/PointDetailScreen";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/point_detail";

export function meta() {
  return [{ title: "ポイント履歴 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadPointDetail(context, member.userId, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <PointDetailScreen answer={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
