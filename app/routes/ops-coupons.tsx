import {
  COUPON_STATES,
  COUPON_TYPES,
  type CouponEditorRow,
} from "../../contract/ops-coupons-rules";
import type { Column } from "../features/ops-catalog/CatalogTable";
import { CouponNav } from "../features/ops-coupons/CouponNav";
import { loadCouponList } from "../features/ops-coupons/ops-coupons.server";
import { ExtrasListPanel } from "../features/ops-extras/ExtrasNav";
import type { Route } from "./+types/ops-coupons";

export function meta() {
  return [{ title: "クーポン管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCouponList(context, request);
}

const count = (n: number | null) => (n === null ? "無制限" : n.toLocaleString("ja-JP"));

const COLUMNS: Column<CouponEditorRow>[] = [
  { label: "ID", cell: (c) => c.coupon_id },
  { label: "クーポン名", cell: (c) => <a href={`/ops/coupons/${c.coupon_id}`}>{c.name}</a> },
  { label: "割引", cell: (c) => c.discount },
  { label: "対象", cell: (c) => COUPON_TYPES[c.coupon_type] },
  {
    label: "期間（東京）",
    short: "期間",
    cell: (c) => `${c.start_at.replace("T", " ")} 〜 ${c.end_at.replace("T", " ")}`,
  },
  {
    label: "配布 / 使用 / 残り",
    short: "配布/使用/残り",
    cell: (c) => (
      <span data-testid="coupon-counts">
        {count(c.issued)} / {count(c.used)} / {count(c.remaining)}
      </span>
    ),
  },
  { label: "状態", cell: (c) => COUPON_STATES[c.state] },
];

/** /ops/coupons: every coupon, newest first, with how many were issued, used and are left. */
export default function OpsCoupons({ loaderData }: Route.ComponentProps) {
  const { query, list, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">クーポン管理</h1>
      <CouponNav />
      <ExtrasListPanel
        base="/ops/coupons"
        q={query.q}
        search="クーポン名・ID"
        add={mayWrite ? { to: "/ops/coupons/new", label: "クーポンを追加する" } : null}
        heading="クーポン"
        empty="クーポンはありません"
        list={list}
        columns={COLUMNS}
        rowKey={(c) => c.coupon_id}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
