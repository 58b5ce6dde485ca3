import { CampaignCouponScreen } from "../features/ledgers/CampaignCouponScreen";
import { CouponScreen } from "../features/ledgers/CouponScreen";
import { loadCampaignCoupon, loadCoupons } from "../features/ledgers/ledgers.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/coupon";

export function meta({ loaderData }: Route.MetaArgs) {
  const name =
    loaderData?.view === "campaign" ? `${loaderData.answer.campaign.name}のクーポン` : "クーポン";
  return [{ title: `${name} | コマヤ` }, { name: "robots", content: "noindex" }];
}

/** /coupon is the member's coupons; /coupon?campaign=12&pn=2 one coupon campaign's coupon and titles. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  if (new URL(request.url).searchParams.has("campaign")) {
    const answer = await loadCampaignCoupon(context, member.userId, request);
    return { view: "campaign" as const, answer };
  }
  return { view: "member" as const, answer: await loadCoupons(context, member.userId) };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return loaderData.view === "campaign" ? (
    <CampaignCouponScreen answer={loaderData.answer} />
  ) : (
    <CouponScreen answer={loaderData.answer} />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
