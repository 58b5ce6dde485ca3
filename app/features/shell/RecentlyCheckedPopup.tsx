import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { RecentlyCheckedSeries } from "../../../contract/bookshelf";
import { volumeName } from "../../../contract/episodes";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { post } from "../../lib/request";
import { RECENTLY_CHECKED_EVENT } from "./SiteHeader";
import "./recently-checked.css";

type Load = { state: "idle" | "loading" } | { state: "done"; books: RecentlyCheckedSeries[] };

/**
 * 最近チェックしたマンガ (spec 001 §2.7): the header's history icon opens the member's recently
 * viewed and read series with 続きを読む; 履歴を削除 asks '履歴をすべて削除しますか？' first.
 */
export function RecentlyCheckedPopup() {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: "idle" });
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const onOpen = (event: Event) => {
      // Handled here: the header then does not fall back to the bookshelf.
      event.preventDefault();
      setOpen(true);
      setLoad({ state: "loading" });
      void post<{ books: RecentlyCheckedSeries[] }>("/api/recently/books").then((answer) =>
        setLoad({ state: "done", books: answer.result ? answer.books : [] }),
      );
    };
    window.addEventListener(RECENTLY_CHECKED_EVENT, onOpen);
    return () => window.removeEventListener(RECENTLY_CHECKED_EVENT, onOpen);
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => setOpen(false);
  const books = load.state === "done" ? load.books : [];

  return (
    <>
      <dialog
        ref={ref}
        className="recently"
        aria-labelledby="recently-title"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
      >
        <div className="recently__panel">
          <header className="recently__head">
            <h2 id="recently-title" className="recently__title">
              最近チェックしたマンガ
            </h2>
            <button type="button" className="recently__close" aria-label="閉じる" onClick={close}>
              ×
            </button>
          </header>
          {load.state === "loading" ? <p className="recently__note">読み込み中…</p> : null}
          {load.state === "done" && books.length === 0 ? (
            <p className="recently__note">対象の作品はありません</p>
          ) : null}
          {books.length > 0 ? (
            <ul className="recently__list" data-testid="recently-list">
              {books.map((b) => (
                <li key={b.series_id} className="recently__item">
                  <Link to={b.url} className="recently__series" onClick={close}>
                    {b.img ? (
                      <img src={b.img} alt="" width={56} height={80} loading="lazy" />
                    ) : null}
                    <span className="recently__name">{b.name}</span>
                  </Link>
                  {b.continue_url ? (
                    <a href={b.continue_url} className="button button--primary recently__continue">
                      続きを読む
                      {b.continue_volume ? (
                        <small>（{volumeName(b.continue_volume, b.episodes_flag)}）</small>
                      ) : null}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {books.length > 0 ? (
            <div className="recently__foot">
              <button
                type="button"
                className="button recently__clear"
                onClick={() => setConfirming(true)}
              >
                履歴を削除
              </button>
            </div>
          ) : null}
        </div>
      </dialog>
      <ConfirmDialog
        open={confirming}
        message="履歴をすべて削除しますか？"
        yesLabel="履歴を削除"
        noLabel="キャンセル"
        onYes={async () => {
          setConfirming(false);
          const answer = await post("/api/series_view/clear");
          if (answer.result) setLoad({ state: "done", books: [] });
        }}
        onNo={() => setConfirming(false)}
      />
    </>
  );
}
