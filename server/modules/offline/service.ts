import { createHmac } from "node:crypto";
import { readerUrl } from "../../../contract/bookshelf-rules";
import type { OfflineKeyAnswer, OfflineVolumeAnswer } from "../../../contract/offline";
import type { Db } from "../../db/client";
import { mayDownload } from "../entitlements/rules";
import { volumeAccess } from "../entitlements/service";
import { readerBook } from "../reader/service";

/**
 * Offline reading (decision 0117): the key a member's downloads are sealed with, and which
 * volumes they may keep. The pages themselves come from the media routes, which refuse what
 * the member may not read, as they do for the reader.
 */

/**
 * Derived, not stored: the same member gets the same key on every device and after every
 * sign-in, so a volume downloaded last week still opens, and no table of keys can leak. The
 * labels keep it apart from every other use of the secret (session-token hashes, mailed links).
 */
export function offlineKey(secret: string, userId: number): OfflineKeyAnswer {
  const derive = (label: string) =>
    createHmac("sha256", secret).update(`komaya:offline-reading:${label}:v1:${userId}`).digest();
  return {
    key: derive("key").toString("base64url"),
    key_id: derive("key-id").subarray(0, 12).toString("base64url"),
  };
}

/** The asked volumes this member may keep on a device, in the order asked. */
export async function downloadableBooks(
  db: Db,
  userId: number,
  bookIds: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(bookIds)];
  const access = await Promise.all(unique.map((bookId) => volumeAccess(db, bookId, userId)));
  return unique.filter((_, i) => {
    const a = access[i];
    return a !== null && a !== undefined && mayDownload(a);
  });
}

export type OfflineVolume =
  | { ok: true; volume: OfflineVolumeAnswer }
  | { ok: false; reason: "not-found" | "forbidden" };

/** What downloading one volume fetches: the reader's own pages, when the member may keep it. */
export async function offlineVolume(
  db: Db,
  userId: number,
  bookId: number,
): Promise<OfflineVolume> {
  const reader = await readerBook(db, bookId, userId);
  if (!reader) return { ok: false, reason: "not-found" };
  if (!mayDownload({ entitlement: reader.entitlement, readablePages: reader.readable_pages })) {
    return { ok: false, reason: "forbidden" };
  }
  const { book } = reader;
  return {
    ok: true,
    volume: {
      book: {
        book_id: book.book_id,
        series_id: book.series_id,
        series_title: book.series_title,
        title: book.title,
        volume: book.volume,
        vertical: book.vertical,
        page_count: book.page_count,
      },
      reader_url: readerUrl(book.book_id, book.series_id),
      pages: reader.pages,
    },
  };
}
