import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { VolumeNotice, VolumeNoticeListAnswer } from "../../../contract/volume-notices";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import "./notices.css";

/**
 * /notices: 新刊のお知らせ, the volumes of followed series that went on sale, newest first.
 * Opening one marks it read; so does 「すべて既読にする」. The header's count is asked anew at
 * once, so it is right without a reload.
 */
export function NoticeListScreen({ answer }: { answer: VolumeNoticeListAnswer }) {
  const { refreshUser } = useShell();
  const navigate = useNavigate();
  const [read, setRead] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const isRead = (n: VolumeNotice) => n.read_flag || read.has(n.notice_id);
  const unread = answer.notices.filter((n) => !isRead(n));
  const { page, total_page: last } = answer.pattern;

  async function open(n: VolumeNotice) {
    if (!isRead(n)) {
      setRead((old) => new Set(old).add(n.notice_id));
      const done = await post("/api/notices/read", { ids: [n.notice_id] });
      if (done.result) await refreshUser();
    }
    navigate(n.url);
  }

  async function readAll() {
    setBusy(true);
    try {
      const done = await post("/api/notices/read", { all: true });
      if (!done.result) return;
      setRead(new Set(answer.notices.map((n) => n.notice_id)));
      await refreshUser();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="notices page" aria-labelledby="notices-title">
      <div className="notices__head">
        <h1 id="notices-title" className="notices__title">
          新刊のお知らせ
        </h1>
        {unread.length > 0 ? (
          <button
            type="button"
            className="button button--ghost notices__read-all"
            onClick={readAll}
            disabled={busy}
          >
            すべて既読にする
          </button>
        ) : null}
      </div>
      <p className="notices__lead">
        作品ページの「通知」をオンにした作品の新刊が配信されると、ここでお知らせします。メールやブラウザの通知は
        <Link to="/account#notice-settings">アカウント設定</Link>で受け取れます。
      </p>
      {answer.notices.length === 0 ? (
        <p className="notices__none">新刊のお知らせはまだありません</p>
      ) : (
        <ul className="notices__list" data-testid="notice-list">
          {answer.notices.map((n) => (
            <li key={n.notice_id}>
              <a
                href={n.url}
                className={isRead(n) ? "notices__item" : "notices__item notices__item--unread"}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                    return;
                  event.preventDefault();
                  void open(n);
                }}
              >
                <span className="notices__meta">
                  {isRead(n) ? null : (
                    <span className="notices__unread" data-testid="notice-unread">
                      未読
                    </span>
                  )}
                  <span>{n.released_on} 配信</span>
                </span>
                <span className="notices__item-title">{n.title}</span>
                <span className="notices__series">{n.series_name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {last > 1 ? (
        <nav className="notices__pager" aria-label="ページ">
          {page > 1 ? <Link to={`/notices?page=${page - 1}`}>前へ</Link> : <span />}
          <span>
            {page} / {last}
          </span>
          {page < last ? <Link to={`/notices?page=${page + 1}`}>次へ</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
