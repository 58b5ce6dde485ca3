import { ComingSoon } from "../components/ComingSoon";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [{ title: "プロフィール | コマヤ" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return <ComingSoon title="プロフィール" description="ニックネームと自己紹介の設定です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
