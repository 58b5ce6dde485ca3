import { Link, useNavigate, useSearchParams } from "react-router";
import type { SessionStatus, UserStatus } from "../../../contract/status";
import { post } from "../../lib/request";
import { HeaderSearch } from "./HeaderSearch";
import { badgeText, headerIcons } from "./header-icons";
import {
  BellIcon,
  BookshelfIcon,
  CartIcon,
  FilterIcon,
  GiftIcon,
  GuideIcon,
  HistoryIcon,
  MenuIcon,
  SearchIcon,
  SnowIcon,
  SparkleIcon,
  UserIcon,
} from "./icons";
import { useShellUi } from "./shell-ui";
import "./header.css";

/** Other code (the recently-checked popup) opens the viewing history when it hears this event. */
export const RECENTLY_CHECKED_EVENT = "komaya:recently-checked";

export function SiteLogo({ seasonal = false }: { seasonal?: boolean }) {
  return (
    <Link to="/" className="site-header__logo" aria-label="コマヤ ホーム">
      <span className={seasonal ? "logo-mark logo-mark--seasonal" : "logo-mark"} aria-hidden="true">
        コ{seasonal ? <SnowIcon className="logo-mark__season" width={14} height={14} /> : null}
      </span>
      <span className="logo-text" aria-hidden="true">
        コマヤ
        <small className="logo-tagline">電子コミック＆ドラマCD</small>
      </span>
    </Link>
  );
}

/**
 * The store header (spec 001 §2.3, §6): logo, search box (PC) and detail search, the member's
 * icons with badges, login and sign-up for visitors, and the menu drawer button. A thin strip
 * above it greets the reader and holds logout.
 */
export function SiteHeader({
  status,
  user,
  buttons = true,
  nav = true,
}: {
  status: SessionStatus;
  user: UserStatus;
  /** The no-button layout hides the header's buttons. */
  buttons?: boolean;
  /** Checkout pages keep the header but leave out search and browsing. */
  nav?: boolean;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ui = useShellUi();
  const icons = headerIcons(status.today, params.get("_mode"));
  const shelfBadge = badgeText(user.bookshelf_new_count);
  const cartBadge = badgeText(user.cart_count);
  const noticeBadge = badgeText(user.notice_unread_count);

  async function logout() {
    const answer = await post("/api/account/logout", {}, { successOn: "status" });
    if (!answer.result) return;
    // Downloaded volumes leave the device with the member (decision 0117); loaded only now, so
    // the header's first load does not carry it.
    await import("../offline/forget-downloads").then((m) => m.forgetDownloads()).catch(() => {});
    window.location.assign("/");
  }

  function openHistory() {
    const event = new CustomEvent(RECENTLY_CHECKED_EVENT, { cancelable: true });
    // Without a popup to show the history, the bookshelf lists what was read last.
    if (window.dispatchEvent(event)) navigate("/bookshelf");
  }

  return (
    <header className="site-header">
      {buttons ? (
        <div className="site-header__strip">
          <div className="site-header__strip-inner">
            {status.is_login ? (
              <>
                <Link to={status.account_page} className="strip-member" data-testid="header-member">
                  <UserIcon width={15} height={15} />
                  <span className="strip-member__name">{user.nickname || "未設定"}</span>
                  <span className="strip-member__honorific">さん</span>
                  <span className="strip-member__point">
                    {user.point.toLocaleString("ja-JP")}pt
                  </span>
                </Link>
                <span className="site-header__strip-links">
                  <Link to="/help" className="pc-only">
                    ヘルプ
                  </Link>
                  <button type="button" className="strip-logout" onClick={logout}>
                    ログアウト
                  </button>
                </span>
              </>
            ) : (
              <>
                <span className="strip-guest">ようこそ、ゲストさん</span>
                <span className="site-header__strip-links">
                  <Link to="/howto">
                    <GuideIcon width={14} height={14} />
                    はじめての方へ
                  </Link>
                  <Link to="/help" className="pc-only">
                    ヘルプ
                  </Link>
                </span>
              </>
            )}
          </div>
        </div>
      ) : null}
      <div className="site-header__inner">
        <SiteLogo seasonal={icons.logo === "seasonal"} />
        {buttons && nav ? (
          <div className="site-header__search pc-only">
            <HeaderSearch isLogin={status.is_login} />
            <button
              type="button"
              className="detail-search-button"
              onClick={ui.openSearch}
              aria-haspopup="dialog"
            >
              <FilterIcon width={18} height={18} />
              詳細検索
            </button>
          </div>
        ) : null}
        {buttons ? (
          <nav className="site-header__actions" aria-label="ヘッダー">
            {nav ? (
              <button
                type="button"
                className="header-icon sp-only"
                onClick={ui.openSearch}
                aria-haspopup="dialog"
              >
                <SearchIcon />
                <span className="header-icon__label">検索</span>
              </button>
            ) : null}
            {status.is_login && nav ? (
              <>
                <button type="button" className="header-icon" onClick={openHistory}>
                  <HistoryIcon />
                  <span className="header-icon__label">履歴</span>
                </button>
                <Link to="/otoku" className="header-icon pc-only">
                  <GiftIcon />
                  <span className="header-icon__label">キャンペーン</span>
                </Link>
                <Link
                  to="/notices"
                  className="header-icon"
                  aria-label={noticeBadge ? `お知らせ（未読${noticeBadge}件）` : undefined}
                >
                  <BellIcon />
                  <span className="header-icon__label">お知らせ</span>
                  {noticeBadge ? (
                    <span className="header-badge" data-testid="notice-badge" aria-hidden="true">
                      {noticeBadge}
                    </span>
                  ) : null}
                </Link>
                <Link
                  to="/bookshelf"
                  className="header-icon"
                  aria-label={shelfBadge ? `本棚（新着${shelfBadge}件）` : undefined}
                >
                  <BookshelfIcon />
                  <span className="header-icon__label">本棚</span>
                  {shelfBadge ? (
                    <span className="header-badge" data-testid="bookshelf-badge" aria-hidden="true">
                      {shelfBadge}
                    </span>
                  ) : null}
                </Link>
                <Link
                  to="/cart"
                  className="header-icon"
                  aria-label={cartBadge ? `カート（${cartBadge}点）` : undefined}
                >
                  <CartIcon />
                  <span className="header-icon__label">カート</span>
                  {cartBadge ? (
                    <span className="header-badge" data-testid="cart-badge" aria-hidden="true">
                      {cartBadge}
                    </span>
                  ) : null}
                </Link>
              </>
            ) : null}
            {!status.is_login ? (
              <>
                {nav ? (
                  <Link to="/otoku" className="header-icon pc-only">
                    <GiftIcon />
                    <span className="header-icon__label">キャンペーン</span>
                  </Link>
                ) : null}
                <Link to={status.login_page} className="header-auth header-auth--login">
                  ログイン
                </Link>
                <Link
                  to={status.signup_page}
                  className={`header-auth header-auth--signup signup-icon--${icons.signup}`}
                  data-signup-icon={icons.signup}
                >
                  <SparkleIcon className="header-auth__spark" width={16} height={16} />
                  会員登録
                </Link>
              </>
            ) : null}
            {nav ? (
              <button
                type="button"
                className="header-icon"
                onClick={ui.openDrawer}
                aria-haspopup="dialog"
                aria-expanded={ui.drawerOpen}
              >
                <MenuIcon />
                <span className="header-icon__label">メニュー</span>
              </button>
            ) : null}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
