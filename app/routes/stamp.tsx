import { StampCard } from "../features/stamp/StampCard";
import { loadStampCard } from "../features/stamp/stamp.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/stamp";

export function meta() {
  return [{ title: "ログインスタンプ | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadStampCard(context, member.userId);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return (
    <div className="stamp-page">
      <h1 className="stamp-page__title">ログインスタンプ</h1>
      <StampCard answer={loaderData} isLogin />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
