/**
 * Offline reading (decision 0117): the plain values the store's pages and its service worker
 * (public/sw.js, which repeats the names below; service-worker-offline.test.ts holds them equal)
 * agree on, free of zod so browser code can import them.
 *
 * A downloaded volume lives in one IndexedDB database of this origin: the member's key (a
 * non-extractable AES-GCM CryptoKey), one record per volume, and one encrypted record per file
 * (the reader's page for that volume, and each page image).
 */
export const OFFLINE_DB_NAME = "komaya-offline";
export const OFFLINE_DB_VERSION = 1;
export const OFFLINE_KEY_STORE = "key";
export const OFFLINE_VOLUME_STORE = "volumes";
export const OFFLINE_FILE_STORE = "files";
/** The key store's one record. */
export const OFFLINE_KEY_ID = "member";
/** Index of the file store by volume, so a volume's files go together. */
export const OFFLINE_FILES_BY_BOOK = "by_book";

/** A downloaded page image's record: the same for every ?w= and ?s= of the page. */
export function offlinePagePath(bookId: number, page: number): string {
  return `/media/books/${bookId}/pages/${page}.png`;
}

/** The reader's page of a volume, as the server rendered it when the volume was downloaded. */
export function offlineReaderPath(bookId: number): string {
  return `/viewer/speed?cid=${bookId}`;
}

/**
 * The additional data every file is sealed with: a record moved to another path (another page,
 * another volume) fails to open instead of showing the wrong picture.
 */
export function offlineSealLabel(path: string): string {
  return `komaya-offline:v1:${path}`;
}

/** Pages fetched at once while downloading: enough to keep the line busy, few enough to share it. */
export const OFFLINE_DOWNLOAD_PARALLEL = 4;

/** A page is kept at the reader's default width, the one a phone and most screens ask for. */
export const OFFLINE_PAGE_WIDTH = 720;

/** 使用容量 as stores show it: 820 KB, 12.4 MB, 1.2 GB. */
export function storageSize(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  if (bytes < 1000 * 1000 * 1000) return `${(bytes / 1000 / 1000).toFixed(1)} MB`;
  return `${(bytes / 1000 / 1000 / 1000).toFixed(1)} GB`;
}

/** The volume a download is of, as the server names it and the download list shows it. */
export interface OfflineBook {
  book_id: number;
  series_id: number;
  series_title: string;
  title: string;
  volume: number;
  vertical: boolean;
  page_count: number;
}

/** A volume the device keeps, as the download list shows it. */
export interface OfflineVolumeRecord extends OfflineBook {
  /** The reader's address to open it at. */
  reader_url: string;
  /** Encrypted bytes kept for it. */
  bytes: number;
  downloaded_at: string;
  /** Whose key sealed it (the key endpoint's key_id). */
  key_id: string;
}

/** The service worker's cache of the build's hashed files, where the reader's scripts are kept. */
export const OFFLINE_ASSET_CACHE = "komaya-assets-v1";
