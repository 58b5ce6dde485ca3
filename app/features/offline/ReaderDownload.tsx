import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DOWNLOADS_PAGE } from "./download-checks";
import { mayHaveDownloads } from "./forget-downloads";
import "./offline.css";

type State =
  | { kind: "checking" }
  | { kind: "none" }
  | { kind: "downloading"; done: number; total: number }
  | { kind: "done"; justNow: boolean }
  | { kind: "failed"; message: string };

const loadStore = () => import("./offline-store");
/** How long ダウンロードしました stays over the page. */
const DONE_SHOWN_MS = 4000;

export interface ReaderDownloadState {
  state: State;
  download: () => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * The reader's download of an owned volume (decision 0117): whether it is on the device, and
 * downloading or removing it. The download code loads only once the reader has opened, never
 * with the store's first load; `enabled` false (not owned) leaves it unloaded.
 */
export function useReaderDownload(bookId: number, enabled: boolean): ReaderDownloadState {
  const [state, setState] = useState<State>({ kind: "checking" });

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    (async () => {
      const kept = (await mayHaveDownloads()) && (await (await loadStore()).isDownloaded(bookId));
      if (live) setState(kept ? { kind: "done", justNow: false } : { kind: "none" });
    })().catch(() => {
      if (live) setState({ kind: "none" });
    });
    return () => {
      live = false;
    };
  }, [bookId, enabled]);

  // "Downloaded" is said for a moment, then the button alone keeps saying it.
  const justNow = state.kind === "done" && state.justNow;
  useEffect(() => {
    if (!justNow) return;
    const timer = window.setTimeout(
      () => setState({ kind: "done", justNow: false }),
      DONE_SHOWN_MS,
    );
    return () => window.clearTimeout(timer);
  }, [justNow]);

  async function download() {
    setState({ kind: "downloading", done: 0, total: 1 });
    const failed = "ダウンロードできませんでした。通信環境をご確認ください";
    try {
      const store = await loadStore().catch(() => null);
      if (!store) {
        setState({ kind: "failed", message: failed });
        return;
      }
      try {
        await store.downloadVolume(bookId, (p) => setState({ kind: "downloading", ...p }));
        setState({ kind: "done", justNow: true });
      } catch (error) {
        setState({
          kind: "failed",
          message: error instanceof store.DownloadFailed ? error.message : failed,
        });
      }
    } catch {
      setState({ kind: "failed", message: failed });
    }
  }

  async function remove() {
    await (await loadStore()).removeDownload(bookId);
    setState({ kind: "none" });
  }

  return { state, download, remove };
}

/** The top bar's button: ダウンロード, its progress, then ダウンロード済み with 端末から削除. */
export function ReaderDownloadButton({ dl }: { dl: ReaderDownloadState }) {
  const { state } = dl;
  const [menu, setMenu] = useState(false);
  const [confirm, setConfirm] = useState(false);
  if (state.kind === "checking") return null;
  if (state.kind !== "done") {
    return (
      <button
        type="button"
        className="reader-download__button"
        data-state={state.kind}
        onClick={() => void dl.download()}
        disabled={state.kind === "downloading"}
      >
        {state.kind === "downloading" ? (
          `${percentOf(state)}%`
        ) : (
          <>
            <DownloadIcon />
            <span className="reader-download__label">ダウンロード</span>
          </>
        )}
      </button>
    );
  }
  return (
    <div className="reader-download">
      <button
        type="button"
        className="reader-download__button"
        data-state="done"
        aria-expanded={menu}
        onClick={() => setMenu((open) => !open)}
      >
        <DoneIcon />
        <span className="reader-download__label">ダウンロード済み</span>
      </button>
      {menu ? (
        <div className="reader-download__menu">
          <p>この巻はこの端末にダウンロード済みです。通信のない場所でも読めます。</p>
          <button type="button" className="button" onClick={() => setConfirm(true)}>
            端末から削除
          </button>
          <Link to={DOWNLOADS_PAGE} className="button button--ghost">
            ダウンロード管理
          </Link>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm}
        message="この巻を端末から削除しますか？購入済みの巻はいつでもダウンロードし直せます。"
        yesLabel="削除する"
        noLabel="キャンセル"
        onYes={() => {
          setConfirm(false);
          setMenu(false);
          void dl.remove();
        }}
        onNo={() => setConfirm(false)}
      />
    </div>
  );
}

/** An arrow into a tray: the stores' download mark, alone on a phone's crowded bar. */
function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v2.5h12V14"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function DoneIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="m6.5 10.2 2.3 2.3 4.7-4.7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function percentOf(state: { done: number; total: number }): number {
  return Math.floor((state.done / Math.max(1, state.total)) * 100);
}

/**
 * The download's progress and outcome, over the page and apart from the bars, so turning pages
 * while it runs (which hides the bars) does not hide it.
 */
export function ReaderDownloadStatus({ dl }: { dl: ReaderDownloadState }) {
  const { state } = dl;
  if (state.kind === "downloading") {
    return (
      <div className="reader-download__status" role="status">
        <span>ダウンロード中…</span>
        <progress max={state.total} value={state.done} aria-label="ダウンロードの進み具合">
          {percentOf(state)}%
        </progress>
        <span className="reader-download__count">
          {state.done} / {state.total}
        </span>
      </div>
    );
  }
  if (state.kind === "done" && state.justNow) {
    return (
      <p className="reader-download__status" role="status">
        ダウンロードしました。通信のない場所でも読めます
      </p>
    );
  }
  if (state.kind === "failed") {
    return (
      <p className="reader-download__status reader-download__status--error" role="alert">
        {state.message}
      </p>
    );
  }
  return null;
}
