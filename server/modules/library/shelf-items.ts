import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { readingProgress, seriesNotifications, seriesViews, userItems } from "./schema";

/** Every volume the member owns, with how and when it came: what the bookshelf is built from. */
export async function ownedVolumes(db: Db, userId: number) {
  return db
    .select({
      seriesId: userItems.seriesId,
      bookId: userItems.bookId,
      itemId: userItems.itemId,
      source: userItems.source,
      acquiredAt: userItems.acquiredAt,
    })
    .from(userItems)
    .where(
      and(eq(userItems.userId, userId), isNotNull(userItems.bookId), isNotNull(userItems.seriesId)),
    )
    .then((rows) =>
      rows.map((r) => ({ ...r, seriesId: r.seriesId as number, bookId: r.bookId as number })),
    );
}

/** user_items.item_type of a drama CD. */
const DRAMA_CD = 101;

/** The drama CDs the member owns, newest first. */
export async function ownedDramaCds(db: Db, userId: number) {
  const rows = await db
    .select({ cdId: userItems.cdId, acquiredAt: userItems.acquiredAt })
    .from(userItems)
    .where(and(eq(userItems.userId, userId), eq(userItems.itemType, DRAMA_CD)))
    .orderBy(desc(userItems.acquiredAt), desc(userItems.userItemId));
  return rows.flatMap((r) => (r.cdId !== null ? [{ cdId: r.cdId, acquiredAt: r.acquiredAt }] : []));
}

/** Series whose new volumes the member asked to be told about (series_notification). */
export async function notifiedSeriesIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ seriesId: seriesNotifications.seriesId })
    .from(seriesNotifications)
    .where(eq(seriesNotifications.userId, userId));
  return rows.map((r) => r.seriesId);
}

/** The member's latest series views, newest first. */
export async function recentSeriesViews(db: Db, userId: number, limit: number) {
  return db
    .select({ seriesId: seriesViews.seriesId, at: seriesViews.viewedAt })
    .from(seriesViews)
    .where(eq(seriesViews.userId, userId))
    .orderBy(desc(seriesViews.viewedAt), desc(seriesViews.seriesId))
    .limit(limit);
}

/** Where the member is in one volume they opened in the reader. */
export interface ReadingPosition {
  seriesId: number;
  bookId: number;
  /** Page to resume at, 1-based. */
  page: number;
  finished: boolean;
  updatedAt: Date;
}

/** Every volume the member opened in the reader: the bookshelf's unread, finished and 続きを読む. */
export async function readingPositionsOf(db: Db, userId: number): Promise<ReadingPosition[]> {
  return db
    .select({
      seriesId: readingProgress.seriesId,
      bookId: readingProgress.bookId,
      page: readingProgress.page,
      finished: readingProgress.finished,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .where(eq(readingProgress.userId, userId));
}

/**
 * Everything on the member's shelf, volumes and drama CDs, hidden ones too, newest first: the
 * back office's member page (issue 24).
 */
export async function shelfItemsOf(db: Db, userId: number, limit: number) {
  return db
    .select({
      itemId: userItems.itemId,
      itemType: userItems.itemType,
      seriesId: userItems.seriesId,
      bookId: userItems.bookId,
      cdId: userItems.cdId,
      source: userItems.source,
      orderId: userItems.orderId,
      hidden: userItems.hidden,
      acquiredAt: userItems.acquiredAt,
    })
    .from(userItems)
    .where(eq(userItems.userId, userId))
    .orderBy(desc(userItems.acquiredAt), desc(userItems.userItemId))
    .limit(limit);
}

/** Who follows these series (their 通知 is on): the new-volume notices' recipients. */
export async function followersOfSeries(
  db: Db,
  seriesIds: readonly number[],
): Promise<Array<{ userId: number; seriesId: number }>> {
  if (seriesIds.length === 0) return [];
  return db
    .select({ userId: seriesNotifications.userId, seriesId: seriesNotifications.seriesId })
    .from(seriesNotifications)
    .where(inArray(seriesNotifications.seriesId, [...seriesIds]));
}
