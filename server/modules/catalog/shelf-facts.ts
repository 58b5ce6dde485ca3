import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { episodicSeries } from "./episodes";
import { authors, books, series, seriesAuthors } from "./schema";

/** What the bookshelf shows of each series: names for the title sort, authors, volume count. */
export async function shelfSeriesFacts(db: Db, seriesIds: readonly number[]) {
  const ids = [...new Set(seriesIds)];
  if (ids.length === 0) return new Map<number, ShelfSeriesFact>();
  const [rows, credits] = await Promise.all([
    db
      .select({
        seriesId: series.seriesId,
        name: series.name,
        nameKana: series.nameKana,
        volumeCount: series.volumeCount,
        latestBookId: series.latestBookId,
        episodes: episodicSeries(series.seriesId),
      })
      .from(series)
      .where(inArray(series.seriesId, ids)),
    db
      .select({ seriesId: seriesAuthors.seriesId, name: authors.name })
      .from(seriesAuthors)
      .innerJoin(authors, eq(authors.authorId, seriesAuthors.authorId))
      .where(inArray(seriesAuthors.seriesId, ids))
      .orderBy(asc(seriesAuthors.seriesId), asc(seriesAuthors.sortOrder)),
  ]);
  const out = new Map<number, ShelfSeriesFact>();
  for (const r of rows) out.set(r.seriesId, { ...r, episodes: Boolean(r.episodes), authors: [] });
  for (const c of credits) {
    const s = out.get(c.seriesId);
    if (s && !s.authors.includes(c.name)) s.authors.push(c.name);
  }
  return out;
}

export interface ShelfSeriesFact {
  seriesId: number;
  name: string;
  nameKana: string;
  volumeCount: number;
  latestBookId: number | null;
  /** タテヨミ: its volumes are episodes (第N話). */
  episodes: boolean;
  authors: string[];
}

/** The volumes of these books, as the bookshelf lists them. */
export async function shelfVolumes(db: Db, bookIds: readonly number[]) {
  const ids = [...new Set(bookIds)];
  if (ids.length === 0) return [];
  return db.select(shelfVolumeColumns).from(books).where(inArray(books.bookId, ids));
}

/** Volumes of these series on sale and released between since and now: the shelf's 新刊. */
export async function releasedVolumesOf(
  db: Db,
  seriesIds: readonly number[],
  since: Date,
  now: Date,
) {
  const ids = [...new Set(seriesIds)];
  if (ids.length === 0) return [];
  return db
    .select(shelfVolumeColumns)
    .from(books)
    .where(
      and(
        inArray(books.seriesId, ids),
        gte(books.itemStartDate, since),
        lte(books.itemStartDate, now),
        eq(books.onsaleFlag, true),
      ),
    );
}

const shelfVolumeColumns = {
  bookId: books.bookId,
  seriesId: books.seriesId,
  itemId: books.itemId,
  volume: books.volume,
  title: books.title,
  pageCount: books.pageCount,
  itemStartDate: books.itemStartDate,
};

export type ShelfVolumeFact = Awaited<ReturnType<typeof shelfVolumes>>[number];
