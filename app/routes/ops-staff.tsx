import { loadOpsStaff } from "../features/ops/ops.server";
import { StaffManager } from "../features/ops/StaffManager";
import type { Route } from "./+types/ops-staff";

export function meta() {
  return [{ title: "スタッフ管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOpsStaff(context, request);
}

export default function OpsStaff({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="ops-title">スタッフ管理</h1>
      <StaffManager me={loaderData.me} staff={loaderData.staff} />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
