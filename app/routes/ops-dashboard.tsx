import { tokyoIsoDate } from "../../contract/tokyo-time";
import { Dashboard } from "../features/ops-dashboard/Dashboard";
import { loadDashboard } from "../features/ops-dashboard/ops-dashboard.server";
import type { Route } from "./+types/ops-dashboard";

export function meta() {
  return [{ title: "ダッシュボード | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return { answer: await loadDashboard(context, request), today: tokyoIsoDate(new Date()) };
}

/** /ops/dashboard: the shop's numbers for a range of Tokyo days (issue 24). */
export default function OpsDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="ops-title">ダッシュボード</h1>
      <Dashboard answer={loaderData.answer} today={loaderData.today} />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
