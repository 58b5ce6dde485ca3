import { NavLink } from "react-router";
import "../ops-catalog/ops-catalog.css";
import "../ops-extras/ops-extras.css";
import "./ops-coupons.css";

/** The coupon editor's menu, under the ops header. */
export function CouponNav() {
  return (
    <nav className="catalog-nav" aria-label="クーポンメニュー">
      <NavLink to="/ops/coupons" end>
        クーポン一覧
      </NavLink>
      <NavLink to="/ops/coupons/new">クーポンを追加</NavLink>
    </nav>
  );
}
