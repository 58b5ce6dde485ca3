import { useLocation } from "react-router";
import { DEBUG_VIEWS, DebugScreen } from "../features/editor/DebugScreen";
import { loadTopicPageOptions, requireStaff } from "../features/editor/editor.server";
import type { Route } from "./+types/debug";

export function meta() {
  return [{ title: "デバッグ | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  return { pages: await loadTopicPageOptions(context) };
}

/** /debug and /debug/debug1–3 (one module, four routes): staff only. */
export default function Debug({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const view = DEBUG_VIEWS[pathname.replace(/\/$/, "")]?.view ?? "all";
  return <DebugScreen view={view} pages={loaderData.pages} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
