import { NavLink, Outlet } from "react-router";
import { ROLE_LABELS } from "../../contract/ops-roles";
import { OpsLogout } from "../features/ops/OpsLogout";
import { loadOpsFrame } from "../features/ops/ops.server";
import "../features/ops/ops.css";
import type { Route } from "./+types/ops";

/**
 * The back office's own frame (issue 23): none of the store's header, drawer or footer, so staff
 * always know which side they are on. Each page checks its own right in its loader; this loader
 * only names who is signed in and which links their role may follow.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { frame: await loadOpsFrame(context, request) };
}

export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  const { frame } = loaderData;
  return (
    <div className="ops">
      <header className="ops-header">
        <a className="ops-header__brand" href="/ops">
          コマヤ <span>運営管理</span>
        </a>
        {frame ? (
          <>
            <nav className="ops-nav" aria-label="運営メニュー">
              <NavLink to="/ops" end>
                ホーム
              </NavLink>
              <NavLink to="/ops/dashboard">ダッシュボード</NavLink>
              <NavLink to="/ops/catalog">作品管理</NavLink>
              <NavLink to="/ops/home">トップページ編集</NavLink>
              <NavLink to="/ops/news">お知らせ・スタンプ・くじ</NavLink>
              <NavLink to="/ops/popups">ポップアップ</NavLink>
              <NavLink to="/ops/campaigns">キャンペーン</NavLink>
              <NavLink to="/ops/coupons">クーポン</NavLink>
              <NavLink to="/ops/topics">特集ページ</NavLink>
              {frame.mayReadMembers ? (
                <>
                  <NavLink to="/ops/members">会員サポート</NavLink>
                  <NavLink to="/ops/inquiries">お問い合わせ</NavLink>
                  <NavLink to="/ops/reviews">レビュー通報</NavLink>
                </>
              ) : null}
              {frame.mayManageStaff ? <NavLink to="/ops/staff">スタッフ管理</NavLink> : null}
              {frame.mayReadAudit ? <NavLink to="/ops/audit">操作履歴</NavLink> : null}
            </nav>
            <div className="ops-header__who">
              <span className="ops-header__name">{frame.nickname ?? frame.email}</span>
              <span className={`ops-role ops-role--${frame.role}`}>{ROLE_LABELS[frame.role]}</span>
              <OpsLogout />
            </div>
          </>
        ) : null}
      </header>
      <main className="ops-main">
        <Outlet />
      </main>
    </div>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
