import { and, count, desc, eq, gt, inArray, isNotNull, lte, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  cdFavorites,
  readingProgress,
  searchHistory,
  seriesFavorites,
  seriesNotifications,
  seriesViews,
  userItems,
} from "./schema";

function distinct(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The ids among itemIds that the member owns, in the order asked (get_flag / own_items). */
export async function ownedItemIds(
  db: Db,
  userId: number,
  itemIds: readonly number[],
): Promise<number[]> {
  const asked = distinct(itemIds);
  if (asked.length === 0) return [];
  const rows = await db
    .select({ itemId: userItems.itemId })
    .from(userItems)
    .where(and(eq(userItems.userId, userId), inArray(userItems.itemId, asked)));
  const owned = new Set(rows.map((r) => r.itemId));
  return asked.filter((id) => owned.has(id));
}

export async function ownsItem(db: Db, userId: number, itemId: number): Promise<boolean> {
  const rows = await db
    .select({ itemId: userItems.itemId })
    .from(userItems)
    .where(and(eq(userItems.userId, userId), eq(userItems.itemId, itemId)))
    .limit(1);
  return rows.length > 0;
}

/** When the member got the item; null: not owned. */
export async function itemAcquiredAt(db: Db, userId: number, itemId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: userItems.acquiredAt })
    .from(userItems)
    .where(and(eq(userItems.userId, userId), eq(userItems.itemId, itemId)))
    .limit(1);
  return row?.at ?? null;
}

/** One bought item going onto the bookshelf. */
export interface PurchasedItem {
  itemId: number;
  itemType: number;
  seriesId: number | null;
  bookId: number | null;
  cdId: number | null;
}

/**
 * Puts an order's items on the member's bookshelf (get_flag) inside the caller's transaction.
 * Answers the item ids that were not owned before; an item already owned is left as it was, and
 * the caller decides whether that is an error (the checkout rolls back rather than sell it twice).
 */
export async function grantPurchasedItems(
  tx: Tx,
  input: { userId: number; orderId: number; items: readonly PurchasedItem[]; now: Date },
): Promise<number[]> {
  if (input.items.length === 0) return [];
  const rows = await tx
    .insert(userItems)
    .values(
      input.items.map((i) => ({
        userId: input.userId,
        itemId: i.itemId,
        itemType: i.itemType,
        seriesId: i.seriesId,
        bookId: i.bookId,
        cdId: i.cdId,
        source: "purchase" as const,
        orderId: input.orderId,
        acquiredAt: input.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ itemId: userItems.itemId });
  return rows.map((r) => r.itemId);
}

/** The ids among seriesIds the member marked 気になる, in the order asked (favorite_series). */
export async function favoriteSeriesIds(
  db: Db,
  userId: number,
  seriesIds: readonly number[],
): Promise<number[]> {
  const asked = distinct(seriesIds);
  if (asked.length === 0) return [];
  const rows = await db
    .select({ seriesId: seriesFavorites.seriesId })
    .from(seriesFavorites)
    .where(and(eq(seriesFavorites.userId, userId), inArray(seriesFavorites.seriesId, asked)));
  const favorite = new Set(rows.map((r) => r.seriesId));
  return asked.filter((id) => favorite.has(id));
}

/** How many items the member owns, hidden ones included (they are still theirs). */
export async function bookshelfCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userItems).where(eq(userItems.userId, userId));
  return row?.n ?? 0;
}

/** When the member last turned a page: drives last_read_date. */
export async function lastReadAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(readingProgress.updatedAt) })
    .from(readingProgress)
    .where(eq(readingProgress.userId, userId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Leaving: lists that describe the person go. Owned items stay with the anonymised account,
 * because they are the record of what was sold.
 */
export async function forgetMemberLibrary(db: Db, userId: number): Promise<void> {
  await db.delete(seriesFavorites).where(eq(seriesFavorites.userId, userId));
  await db.delete(cdFavorites).where(eq(cdFavorites.userId, userId));
  await db.delete(seriesNotifications).where(eq(seriesNotifications.userId, userId));
  await db.delete(readingProgress).where(eq(readingProgress.userId, userId));
  await db.delete(seriesViews).where(eq(seriesViews.userId, userId));
  await db.delete(searchHistory).where(eq(searchHistory.userId, userId));
}

/** Which volume 続きを読む opens, from reading rows newest first: the latest unfinished, else the latest. */
export function resumeOf<T extends { finished: boolean }>(newestFirst: readonly T[]): T | null {
  return newestFirst.find((r) => !r.finished) ?? newestFirst[0] ?? null;
}

/** The volume 続きを読む opens in each of these series the member has read (continue_cid). */
export async function continueBookIds(
  db: Db,
  userId: number,
  seriesIds: readonly number[],
): Promise<Map<number, number>> {
  const asked = distinct(seriesIds);
  const out = new Map<number, number>();
  if (asked.length === 0) return out;
  const rows = await db
    .select({
      seriesId: readingProgress.seriesId,
      bookId: readingProgress.bookId,
      finished: readingProgress.finished,
    })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), inArray(readingProgress.seriesId, asked)))
    .orderBy(desc(readingProgress.updatedAt));
  for (const seriesId of asked) {
    const resume = resumeOf(rows.filter((r) => r.seriesId === seriesId));
    if (resume) out.set(seriesId, resume.bookId);
  }
  return out;
}

/** Where the member is in each volume of a series, most recently read first. */
export async function seriesReading(db: Db, userId: number, seriesId: number) {
  return db
    .select({
      bookId: readingProgress.bookId,
      page: readingProgress.page,
      finished: readingProgress.finished,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.seriesId, seriesId)))
    .orderBy(desc(readingProgress.updatedAt));
}

export async function notifiesSeries(db: Db, userId: number, seriesId: number): Promise<boolean> {
  const rows = await db
    .select({ seriesId: seriesNotifications.seriesId })
    .from(seriesNotifications)
    .where(and(eq(seriesNotifications.userId, userId), eq(seriesNotifications.seriesId, seriesId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Series that show a member's taste: the latest marked 気になる and the latest on the bookshelf,
 * newest first, without repeats. Personalised picks start from these.
 */
export async function tasteSeriesIds(db: Db, userId: number, limit: number): Promise<number[]> {
  const [favorites, shelf] = await Promise.all([
    db
      .select({ seriesId: seriesFavorites.seriesId })
      .from(seriesFavorites)
      .where(eq(seriesFavorites.userId, userId))
      .orderBy(desc(seriesFavorites.createdAt))
      .limit(limit),
    db
      .select({ seriesId: userItems.seriesId, at: max(userItems.acquiredAt) })
      .from(userItems)
      .where(and(eq(userItems.userId, userId), isNotNull(userItems.seriesId)))
      .groupBy(userItems.seriesId)
      .orderBy(desc(max(userItems.acquiredAt)))
      .limit(limit),
  ]);
  const ids = new Set<number>();
  for (const r of [...favorites, ...shelf]) if (r.seriesId !== null) ids.add(r.seriesId);
  return [...ids].slice(0, limit);
}

/**
 * Which of these review subjects their writer bought (購入者レビュー): a volume's review needs that
 * volume bought, a series' review any of its volumes. Presents and free volumes are not purchases.
 * Answers a test for one subject.
 */
export async function purchasedSubjects(
  db: Db,
  subjects: ReadonlyArray<{ userId: number; seriesId: number; bookId: number | null }>,
): Promise<(subject: { userId: number; seriesId: number; bookId: number | null }) => boolean> {
  if (subjects.length === 0) return () => false;
  const rows = await db
    .selectDistinct({
      userId: userItems.userId,
      seriesId: userItems.seriesId,
      bookId: userItems.bookId,
    })
    .from(userItems)
    .where(
      and(
        inArray(userItems.userId, distinct(subjects.map((s) => s.userId))),
        inArray(userItems.seriesId, distinct(subjects.map((s) => s.seriesId))),
        eq(userItems.source, "purchase"),
      ),
    );
  const series = new Set(rows.map((r) => `${r.userId}:${r.seriesId}`));
  const volumes = new Set(rows.map((r) => `${r.userId}:${r.bookId}`));
  return (s) =>
    s.bookId === null
      ? series.has(`${s.userId}:${s.seriesId}`)
      : volumes.has(`${s.userId}:${s.bookId}`);
}

/** Every series the member owns something of: recommendations leave these out. */
export async function ownedSeriesIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ seriesId: userItems.seriesId })
    .from(userItems)
    .where(and(eq(userItems.userId, userId), isNotNull(userItems.seriesId)));
  return rows.map((r) => r.seriesId!);
}

/**
 * Members who read each volume between since (exclusive) and until (inclusive), by the time
 * their progress last moved: what read rankings count.
 */
export async function readersByBook(
  db: Db,
  since: Date,
  until: Date,
): Promise<Array<{ seriesId: number; bookId: number; readers: number }>> {
  const rows = await db
    .select({
      seriesId: readingProgress.seriesId,
      bookId: readingProgress.bookId,
      readers: count(),
    })
    .from(readingProgress)
    .where(and(gt(readingProgress.updatedAt, since), lte(readingProgress.updatedAt, until)))
    .groupBy(readingProgress.seriesId, readingProgress.bookId);
  return rows.map((r) => ({ ...r, readers: Number(r.readers) }));
}

/** How many search words a member keeps; older ones drop off as new ones come. */
export const SEARCH_HISTORY_KEEP = 20;

/** The member's search words, newest first; each word appears once. */
export async function recentSearchWords(
  db: Db,
  userId: number,
  limit = SEARCH_HISTORY_KEEP,
): Promise<Array<{ word: string; searchedAt: Date }>> {
  return db
    .select({ word: searchHistory.word, searchedAt: searchHistory.searchedAt })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.searchHistoryId))
    .limit(limit);
}

/** Records a search; a word searched before moves to the top instead of repeating. */
export async function recordSearchWord(
  db: Db,
  userId: number,
  word: string,
  at = new Date(),
): Promise<void> {
  await db
    .insert(searchHistory)
    .values({ userId, word, searchedAt: at })
    .onConflictDoUpdate({
      target: [searchHistory.userId, searchHistory.word],
      set: { searchedAt: at },
    });
  await db.execute(sql`
    delete from ${searchHistory} where ${searchHistory.userId} = ${userId}
      and ${searchHistory.searchHistoryId} not in (
        select ${searchHistory.searchHistoryId} from ${searchHistory}
        where ${searchHistory.userId} = ${userId}
        order by ${searchHistory.searchedAt} desc, ${searchHistory.searchHistoryId} desc
        limit ${SEARCH_HISTORY_KEEP})`);
}

export async function clearSearchWords(db: Db, userId: number): Promise<void> {
  await db.delete(searchHistory).where(eq(searchHistory.userId, userId));
}

/**
 * A present's volume or drama CD goes onto the bookshelf (source 'present') inside the caller's
 * transaction. Answers false when the member already owned it.
 */
export async function grantPresentItem(
  tx: Tx,
  input: {
    userId: number;
    itemId: number;
    itemType: number;
    seriesId: number | null;
    bookId: number | null;
    cdId: number | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(userItems)
    .values({
      userId: input.userId,
      itemId: input.itemId,
      itemType: input.itemType,
      seriesId: input.seriesId,
      bookId: input.bookId,
      cdId: input.cdId,
      source: "present",
      acquiredAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ itemId: userItems.itemId });
  return rows.length > 0;
}

/** Where a member is in one volume; null: never opened. */
export async function readingPosition(db: Db, userId: number, bookId: number) {
  const [row] = await db
    .select({ page: readingProgress.page, finished: readingProgress.finished })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.bookId, bookId)));
  return row ?? null;
}

/**
 * A member turned to a page: the position moves (and stays finished once finished), and the
 * series moves to the top of the viewing history. Read rankings count the updated row.
 */
export async function recordReading(
  db: Db,
  input: { userId: number; bookId: number; seriesId: number; page: number; finished: boolean },
  at = new Date(),
): Promise<{ page: number; finished: boolean }> {
  const { userId, bookId, seriesId, finished } = input;
  // A finished volume opens at its start again.
  const page = finished ? 1 : input.page;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(readingProgress)
      .values({ userId, bookId, seriesId, page, finished, startedAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: [readingProgress.userId, readingProgress.bookId],
        set: {
          page,
          finished: sql`${readingProgress.finished} or ${finished}`,
          updatedAt: at,
        },
      })
      .returning({ page: readingProgress.page, finished: readingProgress.finished });
    await tx
      .insert(seriesViews)
      .values({ userId, seriesId, viewedAt: at })
      .onConflictDoUpdate({
        target: [seriesViews.userId, seriesViews.seriesId],
        set: { viewedAt: at },
      });
    return row!;
  });
}

/**
 * What a member has read, for topic pages: how many series ever, and per series how many
 * volumes were opened today (Tokyo day starting at `dayStart`).
 */
export async function readingCounts(
  db: Db,
  userId: number,
  dayStart: Date,
): Promise<{ readSeriesCount: number; todayBySeries: Map<number, number> }> {
  const [all] = await db
    .select({ series: sql<number>`count(distinct ${readingProgress.seriesId})` })
    .from(readingProgress)
    .where(eq(readingProgress.userId, userId));
  const today = await db
    .select({ seriesId: readingProgress.seriesId, volumes: count() })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), gt(readingProgress.updatedAt, dayStart)))
    .groupBy(readingProgress.seriesId);
  return {
    readSeriesCount: Number(all?.series ?? 0),
    todayBySeries: new Map(today.map((r) => [r.seriesId, Number(r.volumes)])),
  };
}

/**
 * A refunded purchase leaves the shelf (decision 0096): the row the order put there, and only
 * that one (the same volume received later as a present stays).
 */
export async function removeRefundedItem(
  tx: Tx,
  input: { userId: number; itemId: number; orderId: number },
): Promise<boolean> {
  const removed = await tx
    .delete(userItems)
    .where(
      and(
        eq(userItems.userId, input.userId),
        eq(userItems.itemId, input.itemId),
        eq(userItems.orderId, input.orderId),
      ),
    )
    .returning({ id: userItems.userItemId });
  return removed.length > 0;
}
