import { CouponScreen } from "../features/ledgers/CouponScreen";
import { loadCoupons } from "../features/ledgers/ledgers.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/coupon";

export function meta() {
  return [{ title: "クーポン | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadCoupons(context, member.userId);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <CouponScreen answer={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
