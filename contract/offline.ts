import { z } from "zod";
import { recordId } from "./input";
import type { OfflineBook } from "./offline-rules";

/**
 * Offline reading's calls (decision 0117). Every answer is the signed-in member's own and
 * `Cache-Control: private, no-store`; a visitor gets 401.
 */

/** GET /api/personal/offline/key: the member's key for the files kept on their devices. */
export interface OfflineKeyAnswer {
  /** 32 bytes, base64url: an AES-GCM-256 key. */
  key: string;
  /** Names the key (not the member): a device holding files under another key_id drops them. */
  key_id: string;
}

/** Volumes asked about at once: more than any device keeps. */
export const OFFLINE_CHECK_MAX = 300;

/** GET /api/personal/offline/books?books=1,2,3: which of these the member may still keep. */
export const offlineBooksQuery = z.object({
  books: z.preprocess(
    (v) =>
      typeof v === "string" && v.trim() !== ""
        ? v.split(",").map((s) => (s.trim() === "" ? s : Number(s)))
        : [],
    z
      .array(recordId("books"))
      .max(OFFLINE_CHECK_MAX, `books は${OFFLINE_CHECK_MAX}件までで指定してください`),
  ),
});

export interface OfflineBooksAnswer {
  /** The asked volumes the member may keep; the device removes the others. */
  downloadable: number[];
}

/** GET /api/personal/offline/books/:bookId: what downloading one owned volume fetches. */
export interface OfflineVolumeAnswer {
  book: OfflineBook;
  reader_url: string;
  pages: { page: number; url: string }[];
}
