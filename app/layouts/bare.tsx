import { Link, Outlet } from "react-router";

/** Minimal layout (spec 001 §2.2): the logo only. */
export default function BareLayout() {
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
