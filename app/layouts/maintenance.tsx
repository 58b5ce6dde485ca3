import { Link, Outlet } from "react-router";

/** Maintenance layout: the logo only, so nothing links into a store that is down. */
export default function MaintenanceLayout() {
  return (
    <>
      <header className="site-header site-header--bare">
        <div className="site-header__inner">
          <Link to="/" className="site-header__logo" aria-label="コマヤ ホーム">
            <span className="logo-mark" aria-hidden="true">
              コ
            </span>
            <span className="logo-text">コマヤ</span>
          </Link>
        </div>
      </header>
      <main className="page">
        <Outlet />
      </main>
    </>
  );
}
