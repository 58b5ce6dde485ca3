import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  BOOKMARKS_PER_VOLUME,
  type ReaderBook,
  type ReaderBookmark,
  type ReaderNextBook,
  type ReaderPage,
  type ReadingDirection,
} from "../../../contract/reader";
import type { Db } from "../../db/client";
import { readerVolume } from "../catalog/service";
import { cartItemIds } from "../commerce/service";
import { artAddresses } from "../content/art-addresses";
import { liveSet } from "../content/sets";
import { nextBookButton, offerKind } from "../entitlements/rules";
import { volumeAccess, volumeEntry } from "../entitlements/service";
import { ownsItem, readingPosition, recordReading } from "../library/service";
import { memberBookRating, rateBook } from "../review/service";
import { readerBookmarks, readerSettings } from "./schema";

/** Pages are drawn in this shape (media/routes.ts); the reader reserves it before they load. */
const PAGE_WIDTH = 720;
const PAGE_HEIGHT = 1024;

/**
 * A page's address; with the uploaded page set the reader opened (decision 0089), so a reader who
 * opened the volume before a new upload reads on in the old pages instead of a mix of both.
 */
export function pageUrl(bookId: number, page: number, setId?: string): string {
  return `/media/books/${bookId}/pages/${page}.png${setId ? `?s=${setId}` : ""}`;
}

export async function readingDirection(db: Db, userId: number | null): Promise<ReadingDirection> {
  if (userId === null) return "rtl";
  const [row] = await db
    .select({ direction: readerSettings.direction })
    .from(readerSettings)
    .where(eq(readerSettings.userId, userId));
  return row?.direction ?? "rtl";
}

export async function saveReadingDirection(
  db: Db,
  userId: number,
  direction: ReadingDirection,
): Promise<void> {
  await db
    .insert(readerSettings)
    .values({ userId, direction, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: readerSettings.userId,
      set: { direction, updatedAt: new Date() },
    });
}

async function nextBook(
  db: Db,
  next: { bookId: number; title: string; volume: number },
  seriesId: number,
  userId: number | null,
): Promise<ReaderNextBook | null> {
  const [entry, art] = await Promise.all([
    volumeEntry(db, next.bookId),
    artAddresses(db, { covers: [next.bookId] }),
  ]);
  if (!entry) return null;
  const [owns, cart] =
    userId === null
      ? [false, []]
      : await Promise.all([
          ownsItem(db, userId, entry.itemId),
          cartItemIds(db, userId, [entry.itemId]),
        ]);
  return {
    book_id: next.bookId,
    series_id: seriesId,
    title: next.title,
    volume: next.volume,
    cover_url: art.cover(next.bookId),
    button: nextBookButton(entry.terms, {
      isLogin: userId !== null,
      owns,
      inCart: cart.length > 0,
    }),
    price: entry.price > 0 ? entry.price : null,
    item_id: entry.itemId,
  };
}

/** What the reader opens for one volume (contract ReaderBook); null: no such book. */
export async function readerBook(
  db: Db,
  bookId: number,
  userId: number | null,
): Promise<ReaderBook | null> {
  const [volume, access, uploaded, art] = await Promise.all([
    readerVolume(db, bookId),
    volumeAccess(db, bookId, userId),
    liveSet(db, "pages", bookId),
    artAddresses(db, { covers: [bookId] }),
  ]);
  if (!volume || !access) return null;
  const isLogin = userId !== null;
  const [position, direction, rating, inCart, next, bookmarks] = await Promise.all([
    userId === null ? null : readingPosition(db, userId, bookId),
    readingDirection(db, userId),
    userId === null ? null : memberBookRating(db, userId, bookId),
    userId === null ? [] : cartItemIds(db, userId, [access.itemId]),
    volume.next ? nextBook(db, volume.next, volume.seriesId, userId) : null,
    userId === null ? [] : memberBookmarks(db, userId, bookId),
  ]);
  const pages: ReaderPage[] = Array.from({ length: access.readablePages }, (_, i) => ({
    page: i + 1,
    url: pageUrl(bookId, i + 1, uploaded?.setId),
  }));
  const kind = offerKind(access.terms, { isLogin, owns: access.owns }, access);
  return {
    book: {
      book_id: bookId,
      series_id: volume.seriesId,
      series_title: volume.seriesName,
      title: volume.title,
      volume: volume.volume,
      page_count: volume.pageCount,
      vertical: volume.vertical,
      cover_url: art.cover(bookId),
      width: PAGE_WIDTH,
      height: PAGE_HEIGHT,
    },
    entitlement: access.entitlement,
    readable_pages: access.readablePages,
    pages,
    position: position
      ? {
          page: Math.min(Math.max(1, position.page), Math.max(1, access.readablePages)),
          finished: position.finished,
        }
      : null,
    direction,
    offer:
      kind === null
        ? null
        : {
            kind,
            book_id: bookId,
            item_id: access.itemId,
            price: access.price > 0 ? access.price : null,
            in_cart: inCart.length > 0,
          },
    next_book: next,
    my_rating: rating,
    is_login: isLogin,
    bookmarks,
  };
}

/**
 * A member's reading position: the page is kept within what they may read (a trial reader
 * cannot mark page 200). null: no such book, or nothing of it is readable to them.
 */
export async function saveReadingProgress(
  db: Db,
  userId: number,
  input: { book: number; page: number; finished?: boolean },
): Promise<{ page: number; finished: boolean } | null> {
  const access = await volumeAccess(db, input.book, userId);
  if (!access || access.readablePages === 0) return null;
  const page = Math.min(Math.max(1, input.page), access.readablePages);
  return recordReading(db, {
    userId,
    bookId: input.book,
    seriesId: access.seriesId,
    page,
    finished: input.finished ?? false,
  });
}

/** Stars for a volume of a series; false: the volume is not in that series. */
export async function rateVolume(
  db: Db,
  userId: number,
  input: { series: number; book: number; rating: number },
): Promise<boolean> {
  const entry = await volumeEntry(db, input.book);
  if (!entry || entry.seriesId !== input.series) return false;
  await rateBook(db, { userId, seriesId: input.series, bookId: input.book, rating: input.rating });
  return true;
}

// ---------------------------------------------------------------------------------------------
// しおり (decision 0109)

/** A member's しおり in one volume, by page. */
export async function memberBookmarks(
  db: Db,
  userId: number,
  bookId: number,
): Promise<ReaderBookmark[]> {
  const rows = await db
    .select({
      page: readerBookmarks.page,
      note: readerBookmarks.note,
      createdAt: readerBookmarks.createdAt,
    })
    .from(readerBookmarks)
    .where(and(eq(readerBookmarks.userId, userId), eq(readerBookmarks.bookId, bookId)))
    .orderBy(asc(readerBookmarks.page));
  return rows.map((r) => ({ page: r.page, note: r.note, created_at: r.createdAt.toISOString() }));
}

export type BookmarkAdded =
  | { ok: true; bookmarks: ReaderBookmark[] }
  | { ok: false; reason: "not-found" | "full" };

/**
 * Marks a page the member may read (a trial reader only the trial pages). Marking a marked
 * page again keeps one しおり and takes the new note. A volume holds at most
 * BOOKMARKS_PER_VOLUME: the count and the insert run under a lock of this member's volume, so
 * two quick taps on two devices cannot pass the cap together.
 */
export async function addBookmark(
  db: Db,
  userId: number,
  input: { book: number; page: number; note?: string },
): Promise<BookmarkAdded> {
  const access = await volumeAccess(db, input.book, userId);
  if (!access || input.page > access.readablePages) return { ok: false, reason: "not-found" };
  const note = input.note?.trim() ?? "";
  const full = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int4, ${input.book}::int4)`);
    const where = and(eq(readerBookmarks.userId, userId), eq(readerBookmarks.bookId, input.book));
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(readerBookmarks).where(where);
    const [marked] = await tx
      .select({ page: readerBookmarks.page })
      .from(readerBookmarks)
      .where(and(where, eq(readerBookmarks.page, input.page)));
    if (!marked && n >= BOOKMARKS_PER_VOLUME) return true;
    await tx
      .insert(readerBookmarks)
      .values({ userId, bookId: input.book, page: input.page, note })
      .onConflictDoUpdate({
        target: [readerBookmarks.userId, readerBookmarks.bookId, readerBookmarks.page],
        set: { note },
      });
    return false;
  });
  if (full) return { ok: false, reason: "full" };
  return { ok: true, bookmarks: await memberBookmarks(db, userId, input.book) };
}

/** Removes the member's own しおり on a page (none there: nothing changes). */
export async function removeBookmark(
  db: Db,
  userId: number,
  input: { book: number; page: number },
): Promise<ReaderBookmark[]> {
  await db
    .delete(readerBookmarks)
    .where(
      and(
        eq(readerBookmarks.userId, userId),
        eq(readerBookmarks.bookId, input.book),
        eq(readerBookmarks.page, input.page),
      ),
    );
  return memberBookmarks(db, userId, input.book);
}
