import { CouponForm } from "../features/ops-coupons/CouponForm";
import { CouponIssuing } from "../features/ops-coupons/CouponIssuing";
import { CouponNav } from "../features/ops-coupons/CouponNav";
import { loadCoupon } from "../features/ops-coupons/ops-coupons.server";
import { ExtrasRights } from "../features/ops-extras/ExtrasNav";
import type { Route } from "./+types/ops-coupon";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.coupon?.name;
  return [
    { title: `${name ? `${name} | ` : "クーポンを追加 | "}コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCoupon(context, request, params.couponId);
}

/** /ops/coupons/new and /ops/coupons/:id: a coupon's rules, its counts and issuing it. */
export default function OpsCoupon({ loaderData }: Route.ComponentProps) {
  const { coupon, choices, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">{coupon ? coupon.name : "クーポンを追加"}</h1>
      <CouponNav />
      {/* prices.write (the loader's mayWrite) opens every field of the catalog's it reuses. */}
      <ExtrasRights mayWrite={mayWrite}>
        {coupon ? <CouponIssuing coupon={coupon} mayWrite={mayWrite} /> : null}
        <CouponForm
          key={coupon?.coupon_id ?? "new"}
          coupon={coupon}
          choices={choices}
          mayWrite={mayWrite}
        />
      </ExtrasRights>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
