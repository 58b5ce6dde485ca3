import { useEffect, useState } from "react";
import { Link } from "react-router";
import { volumeName } from "../../../contract/episodes";
import { type OfflineVolumeRecord, storageSize } from "../../../contract/offline-rules";
import { tokyoSlashDate } from "../../../contract/tokyo-time";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import "./offline.css";

const loadStore = () => import("./offline-store");

type Removal = { kind: "one"; volume: OfflineVolumeRecord } | { kind: "all" } | null;

/** The volume as the shelf names it: its own title when that carries the series', else both. */
function volumeLabel(v: OfflineVolumeRecord): string {
  if (v.title && v.title !== v.series_title) {
    return v.title.includes(v.series_title) ? v.title : `${v.series_title} ${v.title}`;
  }
  return v.volume > 0 ? `${v.series_title} ${volumeName(v.volume, v.vertical)}` : v.series_title;
}

/**
 * ダウンロード管理 (decision 0117): the volumes this device keeps for reading offline, the space
 * they take, and 端末から削除. The list is the device's own, so it is read in the browser; when
 * online it is first checked with the store, which drops volumes no longer owned.
 */
export function DownloadsScreen() {
  const [volumes, setVolumes] = useState<OfflineVolumeRecord[] | null>(null);
  const [removedByStore, setRemovedByStore] = useState(0);
  const [removal, setRemoval] = useState<Removal>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const store = await loadStore();
      const gone = await store.checkDownloads().catch(() => []);
      const kept = await store.downloadedVolumes();
      if (!live) return;
      setRemovedByStore(gone.length);
      setVolumes(kept);
    })().catch(() => {
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, []);

  async function remove(which: NonNullable<Removal>) {
    setRemoval(null);
    const store = await loadStore();
    if (which.kind === "all") {
      for (const v of volumes ?? []) await store.removeDownload(v.book_id);
    } else {
      await store.removeDownload(which.volume.book_id);
    }
    setVolumes(await store.downloadedVolumes());
  }

  const total = (volumes ?? []).reduce((sum, v) => sum + v.bytes, 0);
  return (
    <section className="downloads" aria-labelledby="downloads-title" data-testid="downloads">
      <div className="downloads__head">
        <h1 id="downloads-title">ダウンロード管理</h1>
        <Link to="/bookshelf">本棚へ戻る</Link>
      </div>
      <p className="downloads__note">
        購入済みの巻はビューアの「ダウンロード」からこの端末に保存でき、通信のない場所でも読めます。
        保存した巻はこのサイトのビューアでのみ、ログイン中の会員だけが読めます。ログアウトすると端末から削除されます。
      </p>
      {failed ? (
        <p className="downloads__note" role="alert">
          このブラウザではダウンロードした巻を扱えません。
        </p>
      ) : volumes === null ? (
        <p className="downloads__note">読み込み中…</p>
      ) : (
        <>
          <p className="downloads__usage" data-testid="downloads-usage">
            <span>
              使用容量 <strong>{storageSize(total)}</strong>
            </span>
            <span>ダウンロード済み {volumes.length}冊</span>
          </p>
          {removedByStore > 0 ? (
            <p className="downloads__note" role="status">
              購入が取り消された{removedByStore}冊を端末から削除しました。
            </p>
          ) : null}
          {volumes.length === 0 ? (
            <p className="downloads__note">ダウンロードした巻はありません。</p>
          ) : (
            <>
              <ul className="downloads__list">
                {volumes.map((v) => (
                  <li
                    key={v.book_id}
                    className="downloads__item"
                    data-testid="download-item"
                    data-book-id={v.book_id}
                  >
                    <div>
                      <p className="downloads__title">{volumeLabel(v)}</p>
                      <p className="downloads__meta">
                        <span className="downloads__badge">ダウンロード済み</span>
                        <span data-testid="download-size">{storageSize(v.bytes)}</span>
                        {" ・ "}
                        {v.page_count}ページ ・ {tokyoSlashDate(new Date(v.downloaded_at))}
                      </p>
                    </div>
                    <div className="downloads__actions">
                      {/* A full load, so the service worker can answer it without a network. */}
                      <a className="button button--primary" href={v.reader_url}>
                        オフラインで読む
                      </a>
                      <button
                        type="button"
                        className="button"
                        onClick={() => setRemoval({ kind: "one", volume: v })}
                      >
                        端末から削除
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
              <div>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setRemoval({ kind: "all" })}
                >
                  すべて端末から削除
                </button>
              </div>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={removal !== null}
        message={
          removal?.kind === "all"
            ? "ダウンロードしたすべての巻を端末から削除しますか？"
            : "この巻を端末から削除しますか？購入済みの巻はいつでもダウンロードし直せます。"
        }
        yesLabel="削除する"
        noLabel="キャンセル"
        onYes={() => {
          if (removal) void remove(removal);
        }}
        onNo={() => setRemoval(null)}
      />
    </section>
  );
}
