import { EntryList } from "../features/topic/EntryList";
import { loadEntries } from "../features/topic/entry.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/entry";

export function meta() {
  return [{ title: "エントリー | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return { entries: await loadEntries(context, member) };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <EntryList entries={loaderData.entries} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
