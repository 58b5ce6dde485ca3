import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { scheduledTimes } from "../../lib/scheduled-times";
import {
  casts,
  cdBrands,
  cdCategories,
  cdLabels,
  dramaCdBonus,
  dramaCdCasts,
  dramaCdCategories,
  dramaCds,
  trackRatings,
  tracks,
} from "./schema";

/** What the audio routes need to decide whether a track or its trial may be played. */
export async function trackForPlayback(db: Db, cdId: number, trackNo: number) {
  const [row] = await db
    .select({
      trackId: tracks.trackId,
      cdId: tracks.cdId,
      trackNo: tracks.trackNo,
      durationSec: tracks.durationSec,
      trialFileName: tracks.trialFileName,
      trialDurationSec: tracks.trialDurationSec,
      withdrawnAt: tracks.withdrawnAt,
    })
    .from(tracks)
    .where(and(eq(tracks.cdId, cdId), eq(tracks.trackNo, trackNo)));
  return row ?? null;
}

export async function dramaCdExists(db: Db, cdId: number): Promise<boolean> {
  const rows = await db
    .select({ cdId: dramaCds.cdId })
    .from(dramaCds)
    .where(eq(dramaCds.cdId, cdId))
    .limit(1);
  return rows.length > 0;
}

/** Of these drama CDs, those that exist (for editors naming CDs by id, issue 24). */
export async function knownDramaCdIds(db: Db | Tx, cdIds: readonly number[]): Promise<Set<number>> {
  if (cdIds.length === 0) return new Set();
  const rows = await db
    .select({ cdId: dramaCds.cdId })
    .from(dramaCds)
    .where(inArray(dramaCds.cdId, [...new Set(cdIds)]));
  return new Set(rows.map((r) => r.cdId));
}

/** Names and sale periods of these drama CDs: what the cart and checkout show and check. */
export async function cdSaleFacts(db: Db, cdIds: readonly number[]) {
  if (cdIds.length === 0) return [];
  return db
    .select({
      cdId: dramaCds.cdId,
      name: dramaCds.name,
      seriesId: dramaCds.seriesId,
      saleStartDate: dramaCds.saleStartDate,
      saleEndDate: dramaCds.saleEndDate,
      draft: dramaCds.draft,
      withdrawnAt: dramaCds.withdrawnAt,
    })
    .from(dramaCds)
    .where(inArray(dramaCds.cdId, [...new Set(cdIds)]));
}

/**
 * CDs whose sale has started (and not ended) at `now`, neither a draft nor withdrawn
 * (decision 0091): the ones lists show.
 */
function released(now: Date) {
  return and(
    eq(dramaCds.draft, false),
    isNull(dramaCds.withdrawnAt),
    lte(dramaCds.saleStartDate, now),
    or(isNull(dramaCds.saleEndDate), gt(dramaCds.saleEndDate, now)),
  );
}

/**
 * One page of released CD ids, newest first, by label or cast (or all), and how many there are.
 */
export async function releasedCdIds(
  db: Db,
  filter: { labelId?: number; castId?: number },
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ cdIds: number[]; total: number }> {
  const where = and(
    released(now),
    filter.labelId !== undefined ? eq(dramaCds.labelId, filter.labelId) : undefined,
    filter.castId !== undefined
      ? inArray(
          dramaCds.cdId,
          db
            .select({ cdId: dramaCdCasts.cdId })
            .from(dramaCdCasts)
            .where(eq(dramaCdCasts.castId, filter.castId)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ cdId: dramaCds.cdId })
      .from(dramaCds)
      .where(where)
      .orderBy(desc(dramaCds.saleStartDate), desc(dramaCds.cdId))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(dramaCds).where(where),
  ]);
  return { cdIds: rows.map((r) => r.cdId), total: Number(counted?.n ?? 0) };
}

/** Labels that have CDs, with their brand, in the shop's order. */
export async function cdLabelList(db: Db) {
  return db
    .selectDistinct({
      labelId: cdLabels.labelId,
      name: cdLabels.name,
      brandName: cdBrands.name,
      sortOrder: cdLabels.sortOrder,
    })
    .from(cdLabels)
    .innerJoin(cdBrands, eq(cdBrands.brandId, cdLabels.brandId))
    .innerJoin(dramaCds, eq(dramaCds.labelId, cdLabels.labelId))
    .orderBy(asc(cdLabels.sortOrder));
}

export async function cdLabelName(db: Db, labelId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: cdLabels.name })
    .from(cdLabels)
    .where(eq(cdLabels.labelId, labelId));
  return row?.name ?? null;
}

export async function castName(db: Db, castId: number): Promise<string | null> {
  const [row] = await db.select({ name: casts.name }).from(casts).where(eq(casts.castId, castId));
  return row?.name ?? null;
}

/** Everything the CD page shows of one CD besides its card and the viewer's own data. */
export async function cdDetail(db: Db, cdId: number) {
  const [cd] = await db
    .select({
      cdId: dramaCds.cdId,
      brandId: dramaCds.brandId,
      brandName: cdBrands.name,
      labelId: dramaCds.labelId,
      labelName: cdLabels.name,
      description: dramaCds.description,
      ethicType: dramaCds.ethicType,
      finalFlag: dramaCds.finalFlag,
      seriesId: dramaCds.seriesId,
    })
    .from(dramaCds)
    .innerJoin(cdBrands, eq(cdBrands.brandId, dramaCds.brandId))
    .innerJoin(cdLabels, eq(cdLabels.labelId, dramaCds.labelId))
    // A draft is the editor's alone; a withdrawn CD keeps its page for its owners.
    .where(and(eq(dramaCds.cdId, cdId), eq(dramaCds.draft, false)));
  if (!cd) return null;
  const [categoryRows, castRows, trackRows, bonusRows] = await Promise.all([
    db
      .select({ categoryId: cdCategories.categoryId, name: cdCategories.name })
      .from(dramaCdCategories)
      .innerJoin(cdCategories, eq(cdCategories.categoryId, dramaCdCategories.categoryId))
      .where(eq(dramaCdCategories.cdId, cdId))
      .orderBy(asc(cdCategories.sortOrder)),
    db
      .select({ castId: casts.castId, name: casts.name, role: dramaCdCasts.role })
      .from(dramaCdCasts)
      .innerJoin(casts, eq(casts.castId, dramaCdCasts.castId))
      .where(eq(dramaCdCasts.cdId, cdId))
      .orderBy(asc(dramaCdCasts.sortOrder)),
    db
      .select({
        trackId: tracks.trackId,
        trackNo: tracks.trackNo,
        name: tracks.name,
        durationSec: tracks.durationSec,
        fileName: tracks.fileName,
        trialFileName: tracks.trialFileName,
        trialDurationSec: tracks.trialDurationSec,
        // A withdrawn track stays in the answer: the page lists it to those who keep it (0094).
        withdrawnAt: tracks.withdrawnAt,
      })
      .from(tracks)
      .where(eq(tracks.cdId, cdId))
      .orderBy(asc(tracks.trackNo)),
    db
      .select({
        bonusId: dramaCdBonus.bonusId,
        name: dramaCdBonus.name,
        description: dramaCdBonus.description,
      })
      .from(dramaCdBonus)
      .where(eq(dramaCdBonus.cdId, cdId))
      .orderBy(asc(dramaCdBonus.sortOrder)),
  ]);
  return { ...cd, categories: categoryRows, casts: castRows, tracks: trackRows, bonus: bonusRows };
}

/** The member's ratings of this CD's tracks: track_id → 1–5. */
export async function trackRatingsOf(db: Db, userId: number, cdId: number) {
  const rows = await db
    .select({ trackId: trackRatings.trackId, rating: trackRatings.rating })
    .from(trackRatings)
    .innerJoin(tracks, eq(tracks.trackId, trackRatings.trackId))
    .where(and(eq(trackRatings.userId, userId), eq(tracks.cdId, cdId)));
  return Object.fromEntries(rows.map((r) => [String(r.trackId), r.rating]));
}

/** Rates a track 1–5, replacing an earlier rating; false when there is no such track. */
export async function rateTrack(
  db: Db,
  userId: number,
  trackId: number,
  rating: number,
  at = new Date(),
): Promise<boolean> {
  const [track] = await db
    .select({ trackId: tracks.trackId })
    .from(tracks)
    .where(eq(tracks.trackId, trackId));
  if (!track) return false;
  await db
    .insert(trackRatings)
    .values({ userId, trackId, rating, updatedAt: at })
    .onConflictDoUpdate({
      target: [trackRatings.userId, trackRatings.trackId],
      set: { rating, updatedAt: at },
    });
  return true;
}

/** The series a drama CD (or one of its tracks) belongs to, for a catalog change (0087). */
export async function seriesOfDramaCd(
  db: Db,
  by: { cdId: number } | { trackId: number },
): Promise<number[] | null> {
  const rows =
    "cdId" in by
      ? await db
          .select({ seriesId: dramaCds.seriesId })
          .from(dramaCds)
          .where(eq(dramaCds.cdId, by.cdId))
      : await db
          .select({ seriesId: dramaCds.seriesId })
          .from(tracks)
          .innerJoin(dramaCds, eq(dramaCds.cdId, tracks.cdId))
          .where(eq(tracks.trackId, by.trackId));
  if (rows.length === 0) return null;
  return rows.flatMap((r) => (r.seriesId === null ? [] : [r.seriesId]));
}

/** Drama CDs whose sale began or ended in (after, until], and the next such time (0087). */
export function dramaCdSaleTimes(db: Db, after: Date, until: Date) {
  return scheduledTimes(
    db,
    sql`${dramaCds}`,
    dramaCds.cdId,
    [dramaCds.saleStartDate, dramaCds.saleEndDate],
    after,
    until,
  );
}
