import { NoticeListScreen } from "../features/notices/NoticeListScreen";
import { loadNoticeList } from "../features/notices/notices.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/notices";

export function meta() {
  return [{ title: "新刊のお知らせ | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadNoticeList(context, member.userId, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <NoticeListScreen answer={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
