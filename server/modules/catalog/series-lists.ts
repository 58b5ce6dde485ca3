import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client";
import { books, series, seriesAuthors, seriesCategories, seriesGenres } from "./schema";

/** Genre 1 (総合) and 0 (すべて) mean every genre in lists. */
function genreCondition(genre: number | null | undefined) {
  if (!genre || genre === 1) return undefined;
  return sql`exists (select 1 from ${seriesGenres} where ${seriesGenres.seriesId} = ${series.seriesId} and ${seriesGenres.genreId} = ${genre})`;
}

export interface IdPage {
  ids: number[];
  total: number;
}

/**
 * Series a reader can start free: at least minFree volumes on sale at 0 yen (free, or free for
 * members), or a running free campaign covering that many of its released volumes. Newest
 * releases first.
 */
export async function freeSeriesIds(
  db: Db,
  opts: {
    genre?: number | null;
    minFree: number;
    /** series_id → volumes a running free campaign makes free (campaign module). */
    campaignFree: ReadonlyMap<number, number>;
    limit: number;
    offset: number;
  },
): Promise<IdPage> {
  const freeBooks = db
    .select({ seriesId: books.seriesId })
    .from(books)
    .where(and(eq(books.priceInc, 0), eq(books.onsaleFlag, true)))
    .groupBy(books.seriesId)
    .having(sql`count(*) >= ${opts.minFree}`);
  const byCampaign = [...opts.campaignFree].filter(([, n]) => n >= opts.minFree).map(([id]) => id);
  const where = and(
    isNotNull(series.latestBookId),
    or(
      inArray(series.seriesId, freeBooks),
      byCampaign.length > 0
        ? and(inArray(series.seriesId, byCampaign), gte(series.volumeCount, opts.minFree))
        : undefined,
    ),
    genreCondition(opts.genre),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: series.seriesId })
      .from(series)
      .where(where)
      .orderBy(sql`${series.latestReleaseDate} desc nulls last`, desc(series.seriesId))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(series).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** The catalog facts a recommendation starts from. */
export async function seriesTaste(db: Db, seriesIds: readonly number[]) {
  if (seriesIds.length === 0) return { genreIds: [], categoryIds: [], authorIds: [] };
  const ids = [...new Set(seriesIds)];
  const [g, c, a] = await Promise.all([
    db
      .selectDistinct({ id: seriesGenres.genreId })
      .from(seriesGenres)
      .where(inArray(seriesGenres.seriesId, ids)),
    db
      .selectDistinct({ id: seriesCategories.categoryId })
      .from(seriesCategories)
      .where(inArray(seriesCategories.seriesId, ids)),
    db
      .selectDistinct({ id: seriesAuthors.authorId })
      .from(seriesAuthors)
      .where(inArray(seriesAuthors.seriesId, ids)),
  ]);
  return {
    genreIds: g.map((r) => r.id),
    categoryIds: c.map((r) => r.id),
    authorIds: a.map((r) => r.id),
  };
}

/**
 * Released series in any of these genres sharing the most categories with them, then the most
 * rated: "readers of this also read". An empty category list ranks by ratings alone.
 */
export async function seriesLike(
  db: Db,
  opts: {
    genreIds: readonly number[];
    categoryIds: readonly number[];
    exclude: readonly number[];
    minRating?: number;
    limit: number;
    offset: number;
  },
): Promise<IdPage> {
  const sharedCategories =
    opts.categoryIds.length > 0
      ? [
          desc(
            sql`(select count(*) from ${seriesCategories} where ${seriesCategories.seriesId} = ${series.seriesId} and ${inArray(seriesCategories.categoryId, [...opts.categoryIds])})`,
          ),
        ]
      : [];
  const specificGenres = opts.genreIds.filter((g) => g !== 1);
  const where = and(
    isNotNull(series.latestBookId),
    specificGenres.length > 0
      ? sql`exists (select 1 from ${seriesGenres} where ${seriesGenres.seriesId} = ${series.seriesId} and ${inArray(seriesGenres.genreId, specificGenres)})`
      : undefined,
    opts.exclude.length > 0 ? notInArray(series.seriesId, [...opts.exclude]) : undefined,
    opts.minRating ? gte(series.ratingAverage, opts.minRating) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: series.seriesId })
      .from(series)
      .where(where)
      .orderBy(...sharedCategories, desc(series.ratingCount), desc(series.seriesId))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(series).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** Other released series by any of these authors, newest release first. */
export async function seriesByAuthors(
  db: Db,
  opts: {
    authorIds: readonly number[];
    exclude: readonly number[];
    minRating?: number;
    limit: number;
    offset: number;
  },
): Promise<IdPage> {
  if (opts.authorIds.length === 0) return { ids: [], total: 0 };
  const where = and(
    isNotNull(series.latestBookId),
    sql`exists (select 1 from ${seriesAuthors} where ${seriesAuthors.seriesId} = ${series.seriesId} and ${inArray(seriesAuthors.authorId, [...opts.authorIds])})`,
    opts.exclude.length > 0 ? notInArray(series.seriesId, [...opts.exclude]) : undefined,
    opts.minRating ? gte(series.ratingAverage, opts.minRating) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: series.seriesId })
      .from(series)
      .where(where)
      .orderBy(sql`${series.latestReleaseDate} desc nulls last`, desc(series.seriesId))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(series).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** Series of the same label (imprint) as this one, newest release first. */
export async function sameLabelSeriesIds(
  db: Db,
  seriesId: number,
  labelId: number | null,
  limit: number,
): Promise<number[]> {
  if (labelId === null) return [];
  const rows = await db
    .select({ id: series.seriesId })
    .from(series)
    .where(
      and(
        eq(series.labelId, labelId),
        ne(series.seriesId, seriesId),
        isNotNull(series.latestBookId),
      ),
    )
    .orderBy(sql`${series.latestReleaseDate} desc nulls last`, desc(series.seriesId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Volumes put on sale in [from, to), most rated series first (the daily special's new books). */
export async function volumesReleasedBetween(
  db: Db,
  from: Date,
  to: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ bookId: books.bookId })
    .from(books)
    .innerJoin(series, eq(series.seriesId, books.seriesId))
    .where(
      and(gte(books.itemStartDate, from), lt(books.itemStartDate, to), eq(books.onsaleFlag, true)),
    )
    .orderBy(desc(series.ratingCount), asc(books.bookId))
    .limit(limit);
  return rows.map((r) => r.bookId);
}

/** Book ids of these items (volume targets of campaigns), as item id → book id. */
export async function bookIdsOfItems(db: Db, itemIds: readonly number[]) {
  if (itemIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ itemId: books.itemId, bookId: books.bookId })
    .from(books)
    .where(inArray(books.itemId, [...new Set(itemIds)]));
  return new Map(rows.map((r) => [r.itemId, r.bookId]));
}

/** Volumes of these series a visitor could buy now: on sale and not free, in volume order. */
export async function paidVolumesOf(db: Db, seriesIds: readonly number[]) {
  if (seriesIds.length === 0) return [];
  return db
    .select({
      seriesId: books.seriesId,
      itemId: books.itemId,
      volume: books.volume,
      priceInc: books.priceInc,
    })
    .from(books)
    .where(
      and(
        inArray(books.seriesId, [...new Set(seriesIds)]),
        eq(books.onsaleFlag, true),
        sql`${books.priceInc} > 0`,
      ),
    )
    .orderBy(asc(books.seriesId), asc(books.volume));
}
