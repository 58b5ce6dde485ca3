import { AuditLog } from "../features/ops/AuditLog";
import { loadOpsAudit } from "../features/ops/ops.server";
import type { Route } from "./+types/ops-audit";

export function meta() {
  return [{ title: "操作履歴 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOpsAudit(context, request);
}

export default function OpsAudit({ loaderData }: Route.ComponentProps) {
  const { query, entries, total, pageSize, people } = loaderData;
  return (
    <>
      <h1 className="ops-title">操作履歴</h1>
      <p className="ops-note">
        運営画面でのすべての変更が、操作したスタッフ・日時・変更前後の値とともに記録されます。記録は追記のみで、変更や削除はできません。
      </p>
      <AuditLog
        filters={query}
        entries={entries}
        total={total}
        pageSize={pageSize}
        people={people}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
