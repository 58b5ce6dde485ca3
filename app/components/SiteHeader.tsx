import { Link } from "react-router";
import type { SessionStatus, UserStatus } from "../../contract/status";
import { post } from "../lib/request";

export function SiteHeader({
  status,
  user,
  buttons = true,
}: {
  status: SessionStatus;
  user: UserStatus;
  /** The no-button layout hides the header's buttons. */
  buttons?: boolean;
}) {
  async function logout() {
    const answer = await post("/api/account/logout", {}, { successOn: "status" });
    if (answer.result) window.location.assign("/");
  }
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="コマヤ ホーム">
          <span className="logo-mark" aria-hidden="true">
            コ
          </span>
          <span className="logo-text">コマヤ</span>
        </Link>
        {buttons ? (
          <nav className="site-header__actions" aria-label="アカウント">
            {status.is_login ? (
              <>
                <Link to={status.account_page} className="member-chip" data-testid="header-member">
                  <span className="member-chip__name">{user.nickname || "未設定"}</span>
                  <span className="member-chip__point">{user.point.toLocaleString("ja-JP")}pt</span>
                </Link>
                <button type="button" className="button button--ghost" onClick={logout}>
                  ログアウト
                </button>
              </>
            ) : (
              <>
                <Link to={status.login_page} className="button button--ghost">
                  ログイン
                </Link>
                <Link to={status.signup_page} className="button button--primary">
                  会員登録
                </Link>
              </>
            )}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
