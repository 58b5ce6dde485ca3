import { MemberPage } from "../features/ops-members/MemberPage";
import { loadMember } from "../features/ops-members/ops-members.server";
import "../features/ops-members/ops-members.css";
import type { Route } from "./+types/ops-member";

export function meta({ data }: Route.MetaArgs) {
  const name = data?.member.nickname ?? data?.member.email ?? "会員";
  return [{ title: `${name} | 会員サポート | コマヤ運営` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadMember(context, request, params.memberId);
}

export default function OpsMember({ loaderData }: Route.ComponentProps) {
  const { mayAct, ...page } = loaderData;
  return <MemberPage page={page} mayAct={mayAct} />;
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
