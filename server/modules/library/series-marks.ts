import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cdFavorites, seriesFavorites, seriesNotifications, seriesViews } from "./schema";

/** 気になる on or off; answers the new state (spec 001 §7.2 series_favorite → favorite). */
export async function toggleSeriesFavorite(
  db: Db,
  userId: number,
  seriesId: number,
): Promise<boolean> {
  const removed = await db
    .delete(seriesFavorites)
    .where(and(eq(seriesFavorites.userId, userId), eq(seriesFavorites.seriesId, seriesId)))
    .returning({ seriesId: seriesFavorites.seriesId });
  if (removed.length > 0) return false;
  // Two quick taps may race; the second insert finding the row means "on" either way.
  await db.insert(seriesFavorites).values({ userId, seriesId }).onConflictDoNothing();
  return true;
}

/** New-volume notification on or off; answers the new state. */
export async function toggleSeriesNotification(
  db: Db,
  userId: number,
  seriesId: number,
): Promise<boolean> {
  const removed = await db
    .delete(seriesNotifications)
    .where(and(eq(seriesNotifications.userId, userId), eq(seriesNotifications.seriesId, seriesId)))
    .returning({ seriesId: seriesNotifications.seriesId });
  if (removed.length > 0) return false;
  await db.insert(seriesNotifications).values({ userId, seriesId }).onConflictDoNothing();
  return true;
}

/** One page of the member's viewing history, newest first, and its length. */
export async function viewedSeriesPage(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ seriesIds: number[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ seriesId: seriesViews.seriesId })
      .from(seriesViews)
      .where(eq(seriesViews.userId, userId))
      .orderBy(desc(seriesViews.viewedAt), desc(seriesViews.seriesId))
      .offset(offset)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(seriesViews)
      .where(eq(seriesViews.userId, userId)),
  ]);
  return { seriesIds: rows.map((r) => r.seriesId), total: Number(counted?.n ?? 0) };
}

/** 履歴を削除: forgets every series the member looked at; answers how many rows went. */
export async function clearSeriesViews(db: Db, userId: number): Promise<number> {
  const removed = await db
    .delete(seriesViews)
    .where(eq(seriesViews.userId, userId))
    .returning({ seriesId: seriesViews.seriesId });
  return removed.length;
}

/** A member looked at a series: it moves to the top of their viewing history. */
export async function recordSeriesView(
  db: Db,
  userId: number,
  seriesId: number,
  at = new Date(),
): Promise<void> {
  await db
    .insert(seriesViews)
    .values({ userId, seriesId, viewedAt: at })
    .onConflictDoUpdate({
      target: [seriesViews.userId, seriesViews.seriesId],
      set: { viewedAt: at },
    });
}

/** 気になる on a drama CD, on or off; answers the new state (/api/doramacd/{id}/favorite). */
export async function toggleCdFavorite(db: Db, userId: number, cdId: number): Promise<boolean> {
  const removed = await db
    .delete(cdFavorites)
    .where(and(eq(cdFavorites.userId, userId), eq(cdFavorites.cdId, cdId)))
    .returning({ cdId: cdFavorites.cdId });
  if (removed.length > 0) return false;
  await db.insert(cdFavorites).values({ userId, cdId }).onConflictDoNothing();
  return true;
}

export async function isCdFavorite(db: Db, userId: number, cdId: number): Promise<boolean> {
  const rows = await db
    .select({ cdId: cdFavorites.cdId })
    .from(cdFavorites)
    .where(and(eq(cdFavorites.userId, userId), eq(cdFavorites.cdId, cdId)))
    .limit(1);
  return rows.length > 0;
}
