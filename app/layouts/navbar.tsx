import { NavLink, Outlet } from "react-router";
import { StoreFrame } from "../features/shell/StoreFrame";
import "../features/shell/account-nav.css";

const ACCOUNT_PAGES = [
  { to: "/account", label: "アカウント" },
  { to: "/profile", label: "プロフィール" },
  { to: "/order_history", label: "購入履歴" },
  { to: "/point_detail", label: "ポイント" },
  { to: "/coupon", label: "クーポン" },
  { to: "/newsletter", label: "メールマガジン" },
];

/** The account area: the standard frame with a sub-navigation between the member's pages. */
export default function NavbarLayout() {
  return (
    <StoreFrame
      subnav={
        <nav className="account-nav" aria-label="マイページ">
          <ul className="account-nav__list">
            {ACCOUNT_PAGES.map((p) => (
              <li key={p.to}>
                <NavLink
                  to={p.to}
                  end={p.to !== "/order_history"}
                  className={({ isActive }) =>
                    isActive ? "account-nav__link account-nav__link--active" : "account-nav__link"
                  }
                >
                  {p.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      }
    >
      <Outlet />
    </StoreFrame>
  );
}
