import type {
  OfflineBooksAnswer,
  OfflineKeyAnswer,
  OfflineVolumeAnswer,
} from "../../../contract/offline";
import {
  OFFLINE_ASSET_CACHE,
  OFFLINE_DB_NAME,
  OFFLINE_DB_VERSION,
  OFFLINE_DOWNLOAD_PARALLEL,
  OFFLINE_FILE_STORE,
  OFFLINE_FILES_BY_BOOK,
  OFFLINE_KEY_ID,
  OFFLINE_KEY_STORE,
  OFFLINE_PAGE_WIDTH,
  OFFLINE_VOLUME_STORE,
  type OfflineVolumeRecord,
  offlinePagePath,
  offlineReaderPath,
} from "../../../contract/offline-rules";
import { forgetDownloads } from "./forget-downloads";
import { importMemberKey, sealFile } from "./offline-seal";

/**
 * Downloaded volumes on this device (decision 0117). Loaded only when a page asks for it (the
 * reader's download button, the download list, the bookshelf's check), never on first load.
 */

interface KeyRecord {
  id: typeof OFFLINE_KEY_ID;
  key: CryptoKey;
  key_id: string;
}

interface FileRecord {
  path: string;
  book_id: number;
  type: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
  /** Headers the reader's page was served with that it needs again (its CSP). */
  headers?: Record<string, string>;
}

/** Why a download stopped, in the words the page shows. */
export class DownloadFailed extends Error {}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("aborted"));
  });
}

function openDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(OFFLINE_DB_NAME, OFFLINE_DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore(OFFLINE_KEY_STORE, { keyPath: "id" });
    db.createObjectStore(OFFLINE_VOLUME_STORE, { keyPath: "book_id" });
    const files = db.createObjectStore(OFFLINE_FILE_STORE, { keyPath: "path" });
    files.createIndex(OFFLINE_FILES_BY_BOOK, "book_id");
  };
  return done(request).then((db) => {
    // Sign-out deletes the database: an open reader lets go instead of blocking it.
    db.onversionchange = () => db.close();
    return db;
  });
}

async function withDb<T>(work: (db: IDBDatabase) => Promise<T>): Promise<T> {
  const db = await openDb();
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** The downloaded volumes, newest first. */
export function downloadedVolumes(): Promise<OfflineVolumeRecord[]> {
  return withDb(async (db) => {
    const tx = db.transaction(OFFLINE_VOLUME_STORE, "readonly");
    const all = (await done(
      tx.objectStore(OFFLINE_VOLUME_STORE).getAll(),
    )) as OfflineVolumeRecord[];
    return all.sort((a, b) => b.downloaded_at.localeCompare(a.downloaded_at));
  });
}

export async function isDownloaded(bookId: number): Promise<boolean> {
  return withDb(async (db) => {
    const tx = db.transaction(OFFLINE_VOLUME_STORE, "readonly");
    return (await done(tx.objectStore(OFFLINE_VOLUME_STORE).count(bookId))) > 0;
  });
}

/** 端末から削除: the volume's record and every file of it. */
export function removeDownload(bookId: number): Promise<void> {
  return withDb(async (db) => {
    const tx = db.transaction([OFFLINE_VOLUME_STORE, OFFLINE_FILE_STORE], "readwrite");
    tx.objectStore(OFFLINE_VOLUME_STORE).delete(bookId);
    const files = tx.objectStore(OFFLINE_FILE_STORE);
    const paths = await done(files.index(OFFLINE_FILES_BY_BOOK).getAllKeys(bookId));
    for (const path of paths) files.delete(path);
    await finished(tx);
  });
}

async function getJson<T>(url: string): Promise<{ status: number; body: T | null }> {
  const response = await fetch(url, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
  });
  const body = (await response.json().catch(() => null)) as (T & { result?: boolean }) | null;
  return { status: response.status, body: body?.result ? body : null };
}

/**
 * The signed-in member's key, kept as a key only this origin's scripts can use. A key under
 * another key_id (another member signed in on this device) means the files here are not theirs:
 * they go before the new key is kept.
 */
async function memberKey(): Promise<KeyRecord> {
  const { status, body } = await getJson<OfflineKeyAnswer>("/api/personal/offline/key");
  if (status === 401) {
    await forgetDownloads();
    throw new DownloadFailed("ダウンロードするにはログインしてください");
  }
  if (!body) throw new DownloadFailed("通信できませんでした。通信環境をご確認ください");
  const kept = await withDb(async (db) => {
    const tx = db.transaction(OFFLINE_KEY_STORE, "readonly");
    return (await done(tx.objectStore(OFFLINE_KEY_STORE).get(OFFLINE_KEY_ID))) as
      | KeyRecord
      | undefined;
  });
  if (kept?.key_id === body.key_id) return kept;
  if (kept) await forgetDownloads();
  const record: KeyRecord = {
    id: OFFLINE_KEY_ID,
    key: await importMemberKey(body.key),
    key_id: body.key_id,
  };
  await withDb(async (db) => {
    const tx = db.transaction(OFFLINE_KEY_STORE, "readwrite");
    tx.objectStore(OFFLINE_KEY_STORE).put(record);
    await finished(tx);
  });
  return record;
}

/**
 * The reader's scripts and styles, put in the service worker's asset cache, so the reader's page
 * starts with no network: those its HTML names, those their styles name (fonts), and those this
 * page has loaded since (chunks loaded on demand).
 */
async function keepReaderAssets(html: string): Promise<void> {
  if (typeof caches === "undefined") return;
  const assetPattern = /\/assets\/[A-Za-z0-9._~-]+\.(?:js|css|woff2?|svg|png|webp)/g;
  const urls = new Set(html.match(assetPattern) ?? []);
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name, location.href);
    if (url.origin === location.origin && url.pathname.startsWith("/assets/") && !url.search) {
      urls.add(url.pathname);
    }
  }
  const cache = await caches.open(OFFLINE_ASSET_CACHE);
  const kept = async (url: string) => {
    const hit = await cache.match(url);
    if (hit) return hit;
    const response = await fetch(url);
    if (!response.ok) throw new DownloadFailed("ビューアを保存できませんでした");
    await cache.put(url, response.clone());
    return response;
  };
  const styles = await Promise.all([...urls].map(kept));
  const fromStyles = new Set<string>();
  for (const [i, url] of [...urls].entries()) {
    if (!url.endsWith(".css")) continue;
    for (const found of (await styles[i]!.text()).match(assetPattern) ?? []) {
      if (!urls.has(found)) fromStyles.add(found);
    }
  }
  await Promise.all([...fromStyles].map(kept));
}

/** The worker that opens the files must be in place before the volume is read offline. */
async function workerReady(): Promise<void> {
  if (!("serviceWorker" in navigator)) {
    throw new DownloadFailed("このブラウザではオフラインで読めません");
  }
  const found = await navigator.serviceWorker.getRegistration("/");
  if (!found) await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
}

const PAGE_ACCEPT = "image/avif,image/webp,image/png;q=0.9,*/*;q=0.5";

function pageAddress(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${OFFLINE_PAGE_WIDTH}`;
}

export interface DownloadProgress {
  done: number;
  total: number;
}

/**
 * ダウンロード: the volume's reader page and every page image, sealed with the member's key.
 * The server answers only for a volume the member owns. A download that stops part way leaves
 * nothing behind.
 */
export async function downloadVolume(
  bookId: number,
  onProgress: (progress: DownloadProgress) => void,
): Promise<OfflineVolumeRecord> {
  const manifest = await getJson<OfflineVolumeAnswer>(`/api/personal/offline/books/${bookId}`);
  if (manifest.status === 403 || manifest.status === 404) {
    throw new DownloadFailed("ダウンロードできるのは購入済みの巻だけです");
  }
  if (!manifest.body) throw new DownloadFailed("通信できませんでした。通信環境をご確認ください");
  const volume = manifest.body;
  const key = await memberKey();
  await workerReady();
  const total = volume.pages.length + 1;
  let count = 0;
  let bytes = 0;
  onProgress({ done: 0, total });

  const keep = async (record: Omit<FileRecord, "iv" | "data">, plain: ArrayBuffer) => {
    const sealed = await sealFile(key.key, record.path, plain);
    await withDb(async (db) => {
      const tx = db.transaction(OFFLINE_FILE_STORE, "readwrite");
      tx.objectStore(OFFLINE_FILE_STORE).put({ ...record, ...sealed } satisfies FileRecord);
      await finished(tx);
    });
    bytes += sealed.data.byteLength;
    count += 1;
    onProgress({ done: count, total });
  };

  try {
    const readerPage = await fetch(volume.reader_url, { credentials: "same-origin" });
    if (!readerPage.ok) throw new DownloadFailed("ビューアを保存できませんでした");
    const html = await readerPage.text();
    await keepReaderAssets(html);
    const csp = readerPage.headers.get("Content-Security-Policy");
    await keep(
      {
        path: offlineReaderPath(bookId),
        book_id: bookId,
        type: "text/html; charset=utf-8",
        headers: csp ? { "Content-Security-Policy": csp } : {},
      },
      new TextEncoder().encode(html).buffer,
    );

    let next = 0;
    const worker = async () => {
      while (next < volume.pages.length) {
        const page = volume.pages[next++]!;
        // Asked as the reader's <img> asks: WebP where the browser takes it, a third of the
        // PNG's space, and the same file the server drew for the reader already.
        const response = await fetch(pageAddress(page.url), {
          credentials: "same-origin",
          headers: { Accept: PAGE_ACCEPT },
        });
        if (!response.ok) throw new DownloadFailed("ページを保存できませんでした");
        await keep(
          {
            path: offlinePagePath(bookId, page.page),
            book_id: bookId,
            type: response.headers.get("Content-Type") ?? "image/png",
          },
          await response.arrayBuffer(),
        );
      }
    };
    await Promise.all(Array.from({ length: OFFLINE_DOWNLOAD_PARALLEL }, worker));

    const record: OfflineVolumeRecord = {
      ...volume.book,
      reader_url: volume.reader_url,
      bytes,
      downloaded_at: new Date().toISOString(),
      key_id: key.key_id,
    };
    await withDb(async (db) => {
      const tx = db.transaction(OFFLINE_VOLUME_STORE, "readwrite");
      tx.objectStore(OFFLINE_VOLUME_STORE).put(record);
      await finished(tx);
    });
    // Asked, not required: a persisted origin is not emptied when the device runs short of space.
    void navigator.storage?.persist?.().catch(() => false);
    return record;
  } catch (error) {
    await removeDownload(bookId).catch(() => {});
    if (error instanceof DownloadFailed) throw error;
    throw new DownloadFailed("ダウンロードできませんでした。通信環境をご確認ください");
  }
}

/**
 * What the store says when the device is online: a device whose member signed out (or another
 * signed in) forgets every download; a volume no longer owned (refunded) is removed. Offline it
 * does nothing, so the volumes stay readable. Answers the volumes removed.
 */
export async function checkDownloads(): Promise<number[]> {
  if (!navigator.onLine) return [];
  const volumes = await downloadedVolumes();
  if (volumes.length === 0) return [];
  const key = await memberKey().catch((error) => {
    if (error instanceof DownloadFailed && !navigator.onLine) return null;
    throw error;
  });
  if (!key) return [];
  const stale = volumes.filter((v) => v.key_id !== key.key_id).map((v) => v.book_id);
  const asked = volumes.filter((v) => v.key_id === key.key_id).map((v) => v.book_id);
  const { body } = await getJson<OfflineBooksAnswer>(
    `/api/personal/offline/books?books=${asked.join(",")}`,
  );
  if (!body) return [];
  const keep = new Set(body.downloadable);
  const gone = [...stale, ...asked.filter((id) => !keep.has(id))];
  for (const bookId of gone) await removeDownload(bookId);
  return gone;
}
