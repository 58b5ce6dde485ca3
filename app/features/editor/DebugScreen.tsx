import { Link, NavLink } from "react-router";
import { useShell } from "../../lib/shell";
import { type EditorPageOption, editorUrl } from "./TopicEditor";
import "./debug.css";

export type DebugView = "all" | "session" | "user" | "topics";

export const DEBUG_VIEWS: Record<string, { view: DebugView; title: string }> = {
  "/debug": { view: "all", title: "デバッグ" },
  "/debug/debug1": { view: "session", title: "デバッグ1 セッション状態" },
  "/debug/debug2": { view: "user", title: "デバッグ2 ユーザー状態" },
  "/debug/debug3": { view: "topics", title: "デバッグ3 トピックページ" },
};

function JsonPanel({ id, title, value }: { id: string; title: string; value: unknown }) {
  return (
    <section className="debug__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <pre className="debug__json" data-testid={id}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

function TopicLinks({ pages }: { pages: EditorPageOption[] }) {
  return (
    <section className="debug__panel" aria-labelledby="debug-topics">
      <h2 id="debug-topics">トピックページ</h2>
      <p>
        <Link className="button button--primary" to="/debug/topic_test">
          トピック編集テストを開く
        </Link>
      </p>
      {pages.length === 0 ? (
        <p className="empty">トピックページがありません。</p>
      ) : (
        <table className="debug__table">
          <thead>
            <tr>
              <th scope="col">ページ</th>
              <th scope="col">タイトル</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={`${p.pageType}:${p.pageName}`}>
                <td>
                  <code>
                    /{p.pageType}/{p.pageName}
                  </code>
                </td>
                <td>{p.title}</td>
                <td className="debug__actions">
                  <a href={`/${p.pageType}/${p.pageName}`}>表示</a>
                  <Link to={editorUrl(p)}>編集</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The staff debug screens: who the shop thinks you are, and the topic pages you can edit. */
export function DebugScreen({ view, pages }: { view: DebugView; pages: EditorPageOption[] }) {
  const { status, user } = useShell();
  const title = Object.values(DEBUG_VIEWS).find((v) => v.view === view)?.title ?? "デバッグ";
  return (
    <div className="debug">
      <h1 className="debug__title">{title}</h1>
      <nav className="debug__nav" aria-label="デバッグ画面">
        {Object.entries(DEBUG_VIEWS).map(([path, v]) => (
          <NavLink key={path} to={path} end>
            {v.title}
          </NavLink>
        ))}
      </nav>
      <dl className="debug__facts">
        <div>
          <dt>UID</dt>
          <dd>{status.uid || "-"}</dd>
        </div>
        <div>
          <dt>user_type</dt>
          <dd>{status.user_type}</dd>
        </div>
        <div>
          <dt>ニックネーム</dt>
          <dd>{user.nickname || "未設定"}</dd>
        </div>
        <div>
          <dt>時刻</dt>
          <dd>{status.now}</dd>
        </div>
        <div>
          <dt>端末</dt>
          <dd>
            {status.device} / {status.os}
          </dd>
        </div>
      </dl>
      <div className="debug__grid">
        {view === "all" || view === "session" ? (
          <JsonPanel id="debug-session" title="セッション状態（/api/status）" value={status} />
        ) : null}
        {view === "all" || view === "user" ? (
          <JsonPanel id="debug-user" title="ユーザー状態（/api/user）" value={user} />
        ) : null}
      </div>
      {view === "all" || view === "topics" ? <TopicLinks pages={pages} /> : null}
    </div>
  );
}
