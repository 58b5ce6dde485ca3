import { DownloadsScreen } from "../features/offline/DownloadsScreen";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/bookshelf-downloads";

export function meta() {
  return [{ title: "ダウンロード管理 | コマヤ" }, { name: "robots", content: "noindex" }];
}

/** The list is the device's own (IndexedDB); the page is for a signed-in member only. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return <DownloadsScreen />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
