import { BookshelfScreen } from "../features/bookshelf/BookshelfScreen";
import { loadBookshelf } from "../features/bookshelf/bookshelf.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/bookshelf";

export function meta() {
  return [{ title: "本棚 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadBookshelf(context, member.userId, request);
}

/** The loader's word that an opened shelf's render is not kept (decision 0080). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <BookshelfScreen data={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
