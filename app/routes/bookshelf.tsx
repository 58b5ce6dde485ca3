import { ComingSoon } from "../components/ComingSoon";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/bookshelf";

export function meta() {
  return [{ title: "本棚 | コマヤ" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export default function Screen() {
  return <ComingSoon title="本棚" description="購入した作品や無料で入手した作品の本棚です。" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
