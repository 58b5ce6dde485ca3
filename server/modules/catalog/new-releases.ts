import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookPublished, seriesPublished } from "./publication";
import { books, series } from "./schema";

/** A volume on sale now, with what a new-volume notice says of it. */
export interface ReleasedVolume {
  bookId: number;
  itemId: number;
  seriesId: number;
  seriesName: string;
  volume: number;
  title: string;
  releasedAt: Date;
  /** When it came on sale in the store: the latest of its release, publish and creation times. */
  onSaleSince: Date;
}

const onSaleSince =
  sql<Date>`greatest(${books.itemStartDate}, ${books.publishAt}, ${books.createdAt})`.mapWith(
    books.itemStartDate,
  );

/** The columns of a ReleasedVolume, read from books joined with their series. */
const releasedVolumeColumns = {
  bookId: books.bookId,
  itemId: books.itemId,
  seriesId: books.seriesId,
  seriesName: series.name,
  volume: books.volume,
  title: books.title,
  releasedAt: books.itemStartDate,
  onSaleSince,
};

/**
 * Volumes on sale at `now` (the volume and its series in the store, decision 0091; on sale;
 * their release date reached) whose release date is at or after `from`: what the new-volume
 * notices (decision 0114) look among for volumes they have not announced yet.
 */
export async function volumesReleasedSince(
  db: Db,
  from: Date,
  now: Date,
): Promise<ReleasedVolume[]> {
  return db
    .select(releasedVolumeColumns)
    .from(books)
    .innerJoin(series, eq(series.seriesId, books.seriesId))
    .where(
      and(
        eq(books.onsaleFlag, true),
        gte(books.itemStartDate, from),
        lte(books.itemStartDate, now),
        bookPublished(now),
        seriesPublished(now),
      ),
    )
    .orderBy(asc(books.itemStartDate), asc(books.bookId));
}

/** What a notice shows of these volumes, whatever their state now (a withdrawn one too). */
export async function volumesForNotices(
  db: Db,
  bookIds: readonly number[],
): Promise<Map<number, ReleasedVolume>> {
  if (bookIds.length === 0) return new Map();
  const rows = await db
    .select(releasedVolumeColumns)
    .from(books)
    .innerJoin(series, eq(series.seriesId, books.seriesId))
    .where(inArray(books.bookId, [...bookIds]));
  return new Map(rows.map((r) => [r.bookId, r]));
}

/** What a pre-order (decision 0116) asks of a volume: which it is, when it comes out, whether it is in the store and set on sale. */
export interface AnnouncedVolume extends ReleasedVolume {
  /** Published with its series and not withdrawn (decision 0091). */
  inStore: boolean;
  /** The editor set it on sale: it goes on sale by itself at its release date. */
  onsale: boolean;
}

export async function volumeOfBook(
  db: Db,
  bookId: number,
  now: Date,
): Promise<AnnouncedVolume | null> {
  const [row] = await db
    .select({
      ...releasedVolumeColumns,
      onsale: books.onsaleFlag,
      inStore: sql<boolean>`(${and(bookPublished(now), seriesPublished(now))})`.mapWith(Boolean),
    })
    .from(books)
    .innerJoin(series, eq(series.seriesId, books.seriesId))
    .where(eq(books.bookId, bookId));
  return row ?? null;
}
