import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  authors,
  books,
  categories,
  generations,
  genres,
  ITEM_TYPE_DRAMA_CD,
  items,
  labels,
  publisherGroups,
  publishers,
  series,
  seriesAuthors,
  tags,
} from "./schema";

export interface ItemPrice {
  itemId: number;
  itemType: number;
  priceInc: number;
  onsaleFlag: boolean;
}

export async function itemPrices(db: Db, itemIds: readonly number[]): Promise<ItemPrice[]> {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: items.itemId,
      itemType: items.itemType,
      priceInc: items.priceInc,
      onsaleFlag: items.onsaleFlag,
    })
    .from(items)
    .where(inArray(items.itemId, [...itemIds]));
}

/** What the reader and the media routes need to decide which pages a person may see. */
export async function bookAccess(db: Db, bookId: number) {
  const [row] = await db
    .select({
      bookId: books.bookId,
      seriesId: books.seriesId,
      itemId: books.itemId,
      volume: books.volume,
      pageCount: books.pageCount,
      trialPageCount: books.trialPageCount,
      freeFlag: books.freeFlag,
      memberFreeFlag: books.memberFreeFlag,
      onsaleFlag: books.onsaleFlag,
      itemStartDate: books.itemStartDate,
    })
    .from(books)
    .where(eq(books.bookId, bookId));
  return row ?? null;
}

/** Series by newest release up to `now`, with their first-credited author, for the home page. */
export async function newestSeries(db: Db, limit: number, now = new Date()) {
  const rows = await db
    .select({
      seriesId: series.seriesId,
      name: series.name,
      latestBookId: series.latestBookId,
      latestVolume: books.volume,
    })
    .from(series)
    .leftJoin(books, eq(books.bookId, series.latestBookId))
    .where(lte(series.latestReleaseDate, now))
    .orderBy(desc(series.latestReleaseDate), desc(series.seriesId))
    .limit(limit);
  if (rows.length === 0) return [];
  const credits = await db
    .select({
      seriesId: seriesAuthors.seriesId,
      name: authors.name,
      sortOrder: seriesAuthors.sortOrder,
    })
    .from(seriesAuthors)
    .innerJoin(authors, eq(authors.authorId, seriesAuthors.authorId))
    .where(
      inArray(
        seriesAuthors.seriesId,
        rows.map((r) => r.seriesId),
      ),
    )
    .orderBy(asc(seriesAuthors.sortOrder));
  return rows.map((r) => ({
    seriesId: r.seriesId,
    name: r.name,
    latestBookId: r.latestBookId,
    latestVolume: r.latestVolume ?? 1,
    author: credits.find((a) => a.seriesId === r.seriesId)?.name ?? "",
  }));
}

/** Item ids of volumes of these series released between `since` and `now`, on sale. */
export async function recentVolumeItemIds(
  db: Db,
  seriesIds: readonly number[],
  since: Date,
  now: Date,
): Promise<number[]> {
  if (seriesIds.length === 0) return [];
  const rows = await db
    .select({ itemId: books.itemId })
    .from(books)
    .where(
      and(
        inArray(books.seriesId, [...seriesIds]),
        gte(books.itemStartDate, since),
        lte(books.itemStartDate, now),
        eq(books.onsaleFlag, true),
      ),
    );
  return rows.map((r) => r.itemId);
}

/** The browse lists of the menu call (spec 001 §3 "Menu"), in their display order. */
export async function browseLists(db: Db) {
  const [genreRows, categoryRows, tagRows, publisherRows, groupRows, labelRows, generationRows] =
    await Promise.all([
      db
        .select({ genre_id: genres.genreId, name: genres.name })
        .from(genres)
        .orderBy(asc(genres.sortOrder), asc(genres.genreId)),
      db
        .select({ category_id: categories.categoryId, name: categories.name })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.categoryId)),
      db
        .select({ tag_id: tags.tagId, name: tags.name })
        .from(tags)
        .orderBy(asc(tags.sortOrder), asc(tags.tagId)),
      db
        .select({
          publisher_id: publishers.publisherId,
          name: publishers.name,
          description: publishers.description,
          publisher_group_id: publishers.publisherGroupId,
        })
        .from(publishers)
        .orderBy(asc(publishers.sortOrder), asc(publishers.publisherId)),
      db
        .select({
          publisher_group_id: publisherGroups.publisherGroupId,
          name: publisherGroups.name,
        })
        .from(publisherGroups)
        .orderBy(asc(publisherGroups.sortOrder), asc(publisherGroups.publisherGroupId)),
      db
        .select({ label_id: labels.labelId, name: labels.name, publisher_id: labels.publisherId })
        .from(labels)
        .orderBy(asc(labels.sortOrder), asc(labels.labelId)),
      db
        .select({ generation_id: generations.generationId, name: generations.name })
        .from(generations)
        .orderBy(asc(generations.sortOrder), asc(generations.generationId)),
    ]);
  return {
    genre: genreRows,
    category: categoryRows,
    tag: tagRows,
    publisher: publisherRows,
    publisher_group: groupRows,
    label: labelRows,
    generation: generationRows,
  };
}

/** The sellable item of a drama CD (item_type 101): owning it gives every track. */
export async function dramaCdItemId(db: Db, cdId: number): Promise<number | null> {
  const [row] = await db
    .select({ itemId: items.itemId })
    .from(items)
    .where(and(eq(items.cdId, cdId), eq(items.itemType, ITEM_TYPE_DRAMA_CD)));
  return row?.itemId ?? null;
}
