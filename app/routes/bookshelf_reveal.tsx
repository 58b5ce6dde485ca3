import { loadHiddenSeries } from "../features/bookshelf/bookshelf.server";
import { RevealScreen } from "../features/bookshelf/RevealScreen";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/bookshelf_reveal";

export function meta() {
  return [{ title: "非表示の作品 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadHiddenSeries(context, member.userId, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <RevealScreen shelf={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
