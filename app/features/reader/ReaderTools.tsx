import { useState } from "react";
import { Link, useLocation } from "react-router";
import {
  BOOKMARKS_PER_VOLUME,
  coverThumbUrl,
  type ReaderBook,
  type ReaderBookmark,
  thumbUrl,
} from "../../../contract/reader";
import { post } from "../../lib/request";
import { loginUrl } from "../../lib/return-to";

export type ReaderPanel = "grid" | "bookmarks";

/**
 * The page grid (issue 25): the cover, then every page of the volume as a small image, a tap
 * jumps there. Pages this reader may not read (past a trial) are shown locked, never their image.
 */
export function PageGrid({
  reader,
  cover,
  current,
  onJump,
  onClose,
}: {
  reader: ReaderBook;
  /** The cover's address when the reader opens on it (page 0, decision 0118). */
  cover: string | null;
  /** The page in view: 0 on the cover, -1 at the end panel. */
  current: number;
  onJump: (page: number) => void;
  onClose: () => void;
}) {
  const urls = new Map(reader.pages.map((p) => [p.page, p.url]));
  const total = Math.max(reader.book.page_count, reader.pages.length);
  return (
    <section className="reader__panel" aria-label="ページ一覧" data-testid="reader-grid">
      <PanelHead title="ページ一覧" onClose={onClose} />
      <ol className="reader__grid">
        {cover ? (
          <li>
            <button
              type="button"
              className="reader__thumb"
              aria-current={current === 0 ? "page" : undefined}
              aria-label="表紙へ"
              onClick={() => onJump(0)}
            >
              <img
                src={coverThumbUrl(cover)}
                alt=""
                loading="lazy"
                decoding="async"
                width={reader.book.width}
                height={reader.book.height}
              />
              <span>表紙</span>
            </button>
          </li>
        ) : null}
        {Array.from({ length: total }, (_, i) => i + 1).map((p) => {
          const url = urls.get(p);
          return (
            <li key={p}>
              {url ? (
                <button
                  type="button"
                  className="reader__thumb"
                  aria-current={p === current ? "page" : undefined}
                  aria-label={`${p}ページへ`}
                  onClick={() => onJump(p)}
                >
                  <img
                    src={thumbUrl(url)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={reader.book.width}
                    height={reader.book.height}
                  />
                  <span>{p}</span>
                </button>
              ) : (
                <span
                  className="reader__thumb reader__thumb--locked"
                  role="img"
                  aria-label={`${p}ページ（購入すると読めます）`}
                >
                  <span className="reader__lock" aria-hidden="true">
                    🔒
                  </span>
                  <span>{p}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * しおり (decision 0109): mark the page in view, and the volume's list to jump to each; kept on
 * the server. A visitor reading a trial is asked to log in.
 */
export function BookmarkPanel({
  reader,
  page,
  onCover,
  bookmarks,
  onChange,
  onJump,
  onClose,
}: {
  reader: ReaderBook;
  /** The page in view (the first page of a spread); null at the end panel and on the cover. */
  page: number | null;
  /** The cover is in view: it is no page of the volume, so it takes no しおり. */
  onCover: boolean;
  bookmarks: ReaderBookmark[];
  onChange: (bookmarks: ReaderBookmark[]) => void;
  onJump: (page: number) => void;
  onClose: () => void;
}) {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const readable = Math.min(reader.readable_pages, reader.pages.length);
  const marked = page !== null && bookmarks.some((b) => b.page === page);

  const write = async (url: string, body: object) => {
    setBusy(true);
    const answer = await post<{ bookmarks: ReaderBookmark[] }>(url, body);
    setBusy(false);
    if (answer.result && answer.bookmarks) onChange(answer.bookmarks);
    return answer.result;
  };
  const toggle = async () => {
    if (page === null) return;
    if (marked) await write("/api/reader/bookmarks/delete", { book: reader.book.book_id, page });
    else if (await write("/api/reader/bookmarks", { book: reader.book.book_id, page, note })) {
      setNote("");
    }
  };

  return (
    <section className="reader__panel" aria-label="しおり" data-testid="reader-bookmarks">
      <PanelHead title="しおり" onClose={onClose} />
      {!reader.is_login ? (
        <div className="reader__panel-note">
          <p>しおりはログインするとお使いいただけます。挟んだしおりはどの端末からでも開けます。</p>
          <Link className="reader__panel-button" to={loginUrl(location.pathname + location.search)}>
            ログイン
          </Link>
        </div>
      ) : (
        <>
          {page !== null ? (
            <form
              className="reader__mark"
              onSubmit={(event) => {
                event.preventDefault();
                void toggle();
              }}
            >
              {marked ? null : (
                <input
                  type="text"
                  value={note}
                  maxLength={100}
                  placeholder="メモ（なくてもかまいません）"
                  aria-label="しおりのメモ"
                  onChange={(event) => setNote(event.currentTarget.value)}
                />
              )}
              <button
                type="submit"
                className="reader__panel-button"
                disabled={busy}
                aria-pressed={marked}
              >
                {marked ? `${page}ページのしおりを外す` : `${page}ページにしおりを挟む`}
              </button>
            </form>
          ) : onCover ? (
            <p className="reader__panel-note">表紙にはしおりを挟めません。</p>
          ) : null}
          {bookmarks.length === 0 ? (
            <p className="reader__panel-note">この巻にはまだしおりがありません。</p>
          ) : (
            <ul className="reader__marks" aria-label="この巻のしおり">
              {bookmarks.map((b) => (
                <li key={b.page}>
                  <button
                    type="button"
                    className="reader__mark-jump"
                    disabled={b.page > readable}
                    onClick={() => onJump(b.page)}
                  >
                    <strong>{b.page}ページ</strong>
                    {b.note ? <span>{b.note}</span> : null}
                  </button>
                  <button
                    type="button"
                    className="reader__mark-remove"
                    disabled={busy}
                    aria-label={`${b.page}ページのしおりを外す`}
                    onClick={() =>
                      void write("/api/reader/bookmarks/delete", {
                        book: reader.book.book_id,
                        page: b.page,
                      })
                    }
                  >
                    外す
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="reader__panel-small">1冊に{BOOKMARKS_PER_VOLUME}件まで挟めます。</p>
        </>
      )}
    </section>
  );
}

function PanelHead({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <header className="reader__panel-head">
      <h2>{title}</h2>
      <button type="button" onClick={onClose} aria-label={`${title}を閉じる`}>
        ×
      </button>
    </header>
  );
}
