import { MemberSearch } from "../features/ops-members/MemberSearch";
import { loadMemberSearch } from "../features/ops-members/ops-members.server";
import "../features/ops-members/ops-members.css";
import type { Route } from "./+types/ops-members";

export function meta() {
  return [{ title: "会員サポート | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMemberSearch(context, request);
}

export default function OpsMembers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="ops-title">会員サポート</h1>
      <p className="ops-note">
        メールアドレス・ニックネーム・会員ID・注文番号のいずれかで会員を探せます。
      </p>
      <MemberSearch answer={loaderData} />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
