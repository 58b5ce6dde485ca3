import { useEffect } from "react";
import { forgetDownloads, mayHaveDownloads } from "./forget-downloads";

/** The downloads list (decision 0117), linked from the bookshelf and the reader. */
export const DOWNLOADS_PAGE = "/bookshelf/downloads";

const loadStore = () => import("./offline-store");

/**
 * The bookshelf's check (decision 0117): when online, a device holding downloads asks the store
 * which it may keep, so a refunded volume leaves the device at the next visit.
 */
export function useDownloadsCheck() {
  useEffect(() => {
    if (!navigator.onLine) return;
    void (async () => {
      if (!(await mayHaveDownloads())) return;
      await (await loadStore()).checkDownloads();
    })().catch(() => {});
  }, []);
}

/**
 * What the reader learns online about the downloads (decision 0117): a visitor's reader means
 * the member signed out (or the session ended), so every download goes; a volume the member
 * may read but no longer owns (refunded) loses its download.
 */
export function useDownloadRightCheck(reader: {
  is_login: boolean;
  entitlement: string;
  book: { book_id: number };
}) {
  const bookId = reader.book.book_id;
  const owned = reader.entitlement === "owned";
  useEffect(() => {
    if (!navigator.onLine) return;
    void (async () => {
      if (!(await mayHaveDownloads())) return;
      if (!reader.is_login) {
        await forgetDownloads();
        return;
      }
      if (owned) return;
      const store = await loadStore();
      if (await store.isDownloaded(bookId)) await store.removeDownload(bookId);
    })().catch(() => {});
  }, [reader.is_login, owned, bookId]);
}
