import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookPublished, seriesPublished } from "./publication";
import {
  authors,
  books,
  categories,
  genres,
  labels,
  publishers,
  series,
  seriesAuthors,
  seriesCategories,
  seriesGenres,
  seriesTags,
  tags,
} from "./schema";

/** One volume's row as the series page reads it. */
export type VolumeRow = typeof books.$inferSelect;

/**
 * Which rows a series page reads: those in the store at `now` (decision 0091), or, for the
 * editor's preview, the series and every volume not withdrawn, drafts and schedules included.
 */
export interface SeriesReading {
  now: Date;
  preview?: boolean;
}

/**
 * One series with its publisher and label names, as its page heads it; undefined: no such
 * series in the store (or, previewing, at all).
 */
export async function seriesRow(db: Db, seriesId: number, reading: SeriesReading) {
  const [row] = await db
    .select({
      seriesId: series.seriesId,
      name: series.name,
      description: series.description,
      publisherId: series.publisherId,
      publisherName: publishers.name,
      labelId: series.labelId,
      labelName: labels.name,
      completeFlag: series.completeFlag,
      newFlag: series.newFlag,
      ratingAverage: series.ratingAverage,
      ratingCount: series.ratingCount,
      latestBookId: series.latestBookId,
      volumeCount: series.volumeCount,
    })
    .from(series)
    .innerJoin(publishers, eq(publishers.publisherId, series.publisherId))
    .leftJoin(labels, eq(labels.labelId, series.labelId))
    .where(
      and(
        eq(series.seriesId, seriesId),
        reading.preview ? undefined : seriesPublished(reading.now),
      ),
    );
  return row;
}

export type SeriesRow = NonNullable<Awaited<ReturnType<typeof seriesRow>>>;

/** A series' volumes in volume order, every column. */
export async function seriesVolumeRows(
  db: Db,
  seriesId: number,
  reading: SeriesReading,
): Promise<VolumeRow[]> {
  return db
    .select()
    .from(books)
    .where(
      and(
        eq(books.seriesId, seriesId),
        reading.preview ? isNull(books.withdrawnAt) : bookPublished(reading.now),
      ),
    )
    .orderBy(asc(books.volume));
}

/** A series' genres, categories, credited authors (with their roles) and tags, in page order. */
export async function seriesDescriptors(db: Db, seriesId: number) {
  const [genreRows, categoryRows, authorRows, tagRows] = await Promise.all([
    db
      .select({ genre_id: genres.genreId, name: genres.name })
      .from(seriesGenres)
      .innerJoin(genres, eq(genres.genreId, seriesGenres.genreId))
      .where(eq(seriesGenres.seriesId, seriesId))
      .orderBy(asc(genres.sortOrder), asc(genres.genreId)),
    db
      .select({ category_id: categories.categoryId, name: categories.name })
      .from(seriesCategories)
      .innerJoin(categories, eq(categories.categoryId, seriesCategories.categoryId))
      .where(eq(seriesCategories.seriesId, seriesId))
      .orderBy(asc(categories.sortOrder), asc(categories.categoryId)),
    db
      .select({ author_id: authors.authorId, name: authors.name, role: seriesAuthors.role })
      .from(seriesAuthors)
      .innerJoin(authors, eq(authors.authorId, seriesAuthors.authorId))
      .where(eq(seriesAuthors.seriesId, seriesId))
      .orderBy(asc(seriesAuthors.sortOrder), asc(authors.authorId)),
    db
      .select({ tag_id: tags.tagId, name: tags.name })
      .from(seriesTags)
      .innerJoin(tags, eq(tags.tagId, seriesTags.tagId))
      .where(eq(seriesTags.seriesId, seriesId))
      .orderBy(asc(seriesTags.sortOrder), asc(tags.tagId)),
  ]);
  return { genres: genreRows, categories: categoryRows, authors: authorRows, tags: tagRows };
}

/** Whether a series is in the store (init calls answer 404 for unknown ones and drafts). */
export async function seriesExists(db: Db, seriesId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: series.seriesId })
    .from(series)
    .where(and(eq(series.seriesId, seriesId), seriesPublished(now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A series on record, a draft or withdrawn one too (the back office uploads its pictures before
 * it is in the store): its name, or null.
 */
export async function seriesOnRecord(
  db: Db,
  seriesId: number,
): Promise<{ name: string; appealImg: string | null } | null> {
  const [row] = await db
    .select({ name: series.name, appealImg: series.appealImg })
    .from(series)
    .where(eq(series.seriesId, seriesId));
  return row ?? null;
}
