import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { SearchKind } from "../../../contract/topic";
import type { Db } from "../../db/client";
import {
  authors,
  books,
  categories,
  genres,
  ITEM_TYPE_DRAMA_CD,
  items,
  labels,
  magazines,
  publishers,
  series,
} from "./schema";

/** The series of these book items (volume item ids), for favourite flags asked by item id. */
export async function seriesIdsOfItems(db: Db, itemIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ seriesId: books.seriesId })
    .from(books)
    .where(inArray(books.itemId, ids));
  return rows.map((r) => r.seriesId);
}

/**
 * The series of each volume item asked (a campaign's volume target names both); an item that is
 * not a volume (a drama CD's) or does not exist is left out.
 */
export async function seriesOfVolumeItems(
  db: Db,
  itemIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ itemId: books.itemId, seriesId: books.seriesId })
    .from(books)
    .where(inArray(books.itemId, ids));
  return new Map(rows.map((r) => [r.itemId, r.seriesId]));
}

/** Every genre with its name (/api/genre). */
export async function genreList(db: Db) {
  return db
    .select({ genre_id: genres.genreId, name: genres.name })
    .from(genres)
    .orderBy(asc(genres.sortOrder), asc(genres.genreId));
}

/** The sellable item of each drama CD, with its price and the struck-out price of a sale. */
export async function dramaCdPrices(db: Db, cdIds: readonly number[]) {
  const ids = [...new Set(cdIds)];
  if (ids.length === 0) return [];
  return db
    .select({
      cdId: items.cdId,
      itemId: items.itemId,
      priceInc: items.priceInc,
      beforePriceInc: items.beforePriceInc,
      onsaleFlag: items.onsaleFlag,
    })
    .from(items)
    .where(
      and(inArray(items.cdId, ids), eq(items.itemType, ITEM_TYPE_DRAMA_CD), isNotNull(items.cdId)),
    )
    .orderBy(asc(items.itemId));
}

/** Names of these authors, by id (author pickup cards). */
export async function authorNames(db: Db, authorIds: readonly number[]) {
  const ids = [...new Set(authorIds)];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ authorId: authors.authorId, name: authors.name })
    .from(authors)
    .where(inArray(authors.authorId, ids));
  return new Map(rows.map((r) => [r.authorId, r.name]));
}

/** Names of these series, by id (carousel slides). */
export async function seriesNames(db: Db, seriesIds: readonly number[]) {
  const ids = [...new Set(seriesIds)];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ seriesId: series.seriesId, name: series.name })
    .from(series)
    .where(inArray(series.seriesId, ids));
  return new Map(rows.map((r) => [r.seriesId, r.name]));
}

/** A series' label (imprint); undefined: no such series, null: no label. */
export async function labelOfSeries(db: Db, seriesId: number): Promise<number | null | undefined> {
  const [row] = await db
    .select({ labelId: series.labelId })
    .from(series)
    .where(eq(series.seriesId, seriesId))
    .limit(1);
  return row ? row.labelId : undefined;
}

/** Where the name of each searchable thing lives. */
const SEARCH_NAMES = {
  publisher: { table: publishers, id: publishers.publisherId, name: publishers.name },
  label: { table: labels, id: labels.labelId, name: labels.name },
  magazine: { table: magazines, id: magazines.magazineId, name: magazines.name },
  genre: { table: genres, id: genres.genreId, name: genres.name },
  category: { table: categories, id: categories.categoryId, name: categories.name },
} as const;

/**
 * Names of publishers, labels, magazines, genres and categories by id: what a search button
 * (/search?pb=, lb=, mz=, gn=, cg=) shows instead of the id. An id that names nothing is absent;
 * genre 0 is すべて.
 */
export async function searchNames(
  db: Db,
  wanted: Partial<Record<SearchKind, readonly number[]>>,
): Promise<Record<SearchKind, Map<number, string>>> {
  const kinds = Object.keys(SEARCH_NAMES) as SearchKind[];
  const found = await Promise.all(
    kinds.map(async (kind) => {
      const ids = [...new Set(wanted[kind] ?? [])];
      const { table, id, name } = SEARCH_NAMES[kind];
      const rows =
        ids.length === 0 ? [] : await db.select({ id, name }).from(table).where(inArray(id, ids));
      const names = new Map(rows.map((r) => [r.id, r.name]));
      if (kind === "genre" && ids.includes(0)) names.set(0, "すべて");
      return [kind, names] as const;
    }),
  );
  return Object.fromEntries(found) as Record<SearchKind, Map<number, string>>;
}
