import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { scheduledTimes } from "../../lib/scheduled-times";
import { episodicSeries } from "./episodes";
import { bookPublished, seriesPublished, volumePublication, volumeWindows } from "./publication";
import {
  authors,
  books,
  categories,
  generations,
  genres,
  ITEM_TYPE_DRAMA_CD,
  items,
  labels,
  magazines,
  publisherGroups,
  publishers,
  series,
  seriesAuthors,
  seriesCategories,
  seriesGenerations,
  seriesGenres,
  seriesTags,
  tags,
} from "./schema";

/** What the reader and the media routes need to decide which pages a person may see. */
export async function bookAccess(db: Db, bookId: number) {
  const [row] = await db
    .select({
      bookId: books.bookId,
      seriesId: books.seriesId,
      itemId: books.itemId,
      volume: books.volume,
      priceInc: books.priceInc,
      pageCount: books.pageCount,
      trialPageCount: books.trialPageCount,
      freeFlag: books.freeFlag,
      memberFreeFlag: books.memberFreeFlag,
      onsaleFlag: books.onsaleFlag,
      itemStartDate: books.itemStartDate,
      ...volumePublication,
      ...volumeWindows,
      // A タテヨミ series' pages are drawn as one strip: part of a drawn page's key.
      episodic: episodicSeries(books.seriesId),
    })
    .from(books)
    .innerJoin(series, eq(series.seriesId, books.seriesId))
    .where(eq(books.bookId, bookId));
  return row ?? null;
}

/**
 * What the reader shows of a volume besides its pages: titles, whether its series reads
 * vertically, and the next volume on sale. null: no such book.
 */
export async function readerVolume(db: Db, bookId: number) {
  const [row] = await db
    .select({
      bookId: books.bookId,
      seriesId: books.seriesId,
      seriesName: series.name,
      title: books.title,
      volume: books.volume,
      pageCount: books.pageCount,
      vertical: episodicSeries(books.seriesId),
    })
    .from(books)
    .innerJoin(series, eq(series.seriesId, books.seriesId))
    .where(eq(books.bookId, bookId));
  if (!row) return null;
  const [next] = await db
    .select({ bookId: books.bookId, title: books.title, volume: books.volume })
    .from(books)
    .where(
      and(
        eq(books.seriesId, row.seriesId),
        gt(books.volume, row.volume),
        eq(books.onsaleFlag, true),
        bookPublished(new Date()),
      ),
    )
    .orderBy(asc(books.volume))
    .limit(1);
  return { ...row, vertical: Boolean(row.vertical), next: next ?? null };
}

/** The browse lists of the menu call (spec 001 §3 "Menu"), in their display order. */
export async function browseLists(db: Db) {
  const [genreRows, categoryRows, tagRows, publisherRows, groupRows, labelRows, generationRows] =
    await Promise.all([
      db
        .select({ genre_id: genres.genreId, name: genres.name })
        .from(genres)
        .where(isNull(genres.withdrawnAt))
        .orderBy(asc(genres.sortOrder), asc(genres.genreId)),
      db
        .select({ category_id: categories.categoryId, name: categories.name })
        .from(categories)
        .where(isNull(categories.withdrawnAt))
        .orderBy(asc(categories.sortOrder), asc(categories.categoryId)),
      db
        .select({ tag_id: tags.tagId, name: tags.name })
        .from(tags)
        .where(isNull(tags.withdrawnAt))
        .orderBy(asc(tags.sortOrder), asc(tags.tagId)),
      db
        .select({
          publisher_id: publishers.publisherId,
          name: publishers.name,
          description: publishers.description,
          publisher_group_id: publishers.publisherGroupId,
        })
        .from(publishers)
        .where(isNull(publishers.withdrawnAt))
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
        .where(isNull(labels.withdrawnAt))
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

/** What the search index keeps of a series (search/indexer.ts); readings are as stored. */
export interface SeriesSearchSource {
  seriesId: number;
  name: string;
  nameKana: string;
  publisherId: number;
  publisherName: string;
  publisherKana: string;
  labelId: number | null;
  labelName: string | null;
  magazineId: number | null;
  magazineName: string | null;
  completeFlag: boolean;
  ratingAverage: number;
  ratingCount: number;
  latestReleaseDate: Date | null;
  authors: Array<{ authorId: number; name: string; nameKana: string }>;
  genreIds: number[];
  categoryIds: number[];
  tags: Array<{ tagId: number; name: string }>;
  generationIds: number[];
  /** Tax-included prices of the volumes on sale. */
  prices: number[];
}

/** Series in id order after afterSeriesId, with everything search matches and filters on. */
export async function seriesSearchSources(
  db: Db,
  afterSeriesId: number,
  limit: number,
  /** Only these series (a catalog change's, decision 0087). */
  only?: readonly number[],
): Promise<SeriesSearchSource[]> {
  const among = only
    ? sql`and s.series_id = any(${`{${only.map(Number).join(",")}}`}::int[])`
    : sql``;
  const result = await db.execute(sql`
    select s.series_id, s.name, s.name_kana, s.publisher_id, p.name as publisher_name,
      p.name_kana as publisher_kana, s.label_id, l.name as label_name, s.magazine_id,
      m.name as magazine_name, s.complete_flag, s.rating_average, s.rating_count,
      s.latest_release_date,
      coalesce((select json_agg(json_build_array(a.author_id, a.name, a.name_kana)
          order by sa.sort_order, a.author_id)
        from ${seriesAuthors} sa join ${authors} a on a.author_id = sa.author_id
        where sa.series_id = s.series_id), '[]') as authors,
      array(select genre_id from ${seriesGenres} where series_id = s.series_id
        order by genre_id) as genre_ids,
      array(select category_id from ${seriesCategories} where series_id = s.series_id
        order by category_id) as category_ids,
      coalesce((select json_agg(json_build_array(t.tag_id, t.name) order by st.sort_order, t.tag_id)
        from ${seriesTags} st join ${tags} t on t.tag_id = st.tag_id
        where st.series_id = s.series_id), '[]') as tags,
      array(select generation_id from ${seriesGenerations} where series_id = s.series_id
        order by generation_id) as generation_ids,
      array(select distinct price_inc from ${books} b where b.series_id = s.series_id
        and b.onsale_flag and not b.draft and b.withdrawn_at is null
        order by price_inc) as prices
    from ${series} s
    join ${publishers} p on p.publisher_id = s.publisher_id
    left join ${labels} l on l.label_id = s.label_id
    left join ${magazines} m on m.magazine_id = s.magazine_id
    where s.series_id > ${afterSeriesId} ${among}
    order by s.series_id
    limit ${limit}`);
  type Row = {
    series_id: number;
    name: string;
    name_kana: string;
    publisher_id: number;
    publisher_name: string;
    publisher_kana: string;
    label_id: number | null;
    label_name: string | null;
    magazine_id: number | null;
    magazine_name: string | null;
    complete_flag: boolean;
    rating_average: number;
    rating_count: number;
    latest_release_date: string | Date | null;
    authors: Array<[number, string, string]> | string;
    genre_ids: number[];
    category_ids: number[];
    tags: Array<[number, string]> | string;
    generation_ids: number[];
    prices: number[];
  };
  // node-postgres parses json and arrays itself; PGlite may hand json over as text.
  const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  return (result.rows as Row[]).map((r) => ({
    seriesId: r.series_id,
    name: r.name,
    nameKana: r.name_kana,
    publisherId: r.publisher_id,
    publisherName: r.publisher_name,
    publisherKana: r.publisher_kana,
    labelId: r.label_id,
    labelName: r.label_name,
    magazineId: r.magazine_id,
    magazineName: r.magazine_name,
    completeFlag: r.complete_flag,
    ratingAverage: Number(r.rating_average),
    ratingCount: r.rating_count,
    latestReleaseDate: r.latest_release_date === null ? null : new Date(r.latest_release_date),
    authors: json(r.authors).map(([authorId, name, nameKana]) => ({ authorId, name, nameKana })),
    genreIds: r.genre_ids,
    categoryIds: r.category_ids,
    tags: json(r.tags).map(([tagId, name]) => ({ tagId, name })),
    generationIds: r.generation_ids,
    prices: r.prices,
  }));
}

/** Authors in id order after afterAuthorId, with how many series credit them. */
export async function authorSearchSources(db: Db, afterAuthorId: number, limit: number) {
  return db
    .select({
      authorId: authors.authorId,
      name: authors.name,
      nameKana: authors.nameKana,
      seriesCount: sql<number>`(select count(*)::int from ${seriesAuthors}
        where ${seriesAuthors.authorId} = ${authors.authorId})`,
    })
    .from(authors)
    .where(gt(authors.authorId, afterAuthorId))
    .orderBy(asc(authors.authorId))
    .limit(limit);
}

/** Every tag with how many series carry it. */
export async function tagSearchSources(db: Db) {
  return db
    .select({
      tagId: tags.tagId,
      name: tags.name,
      seriesCount: sql<number>`(select count(*)::int from ${seriesTags}
        where ${seriesTags.tagId} = ${tags.tagId})`,
    })
    .from(tags)
    .orderBy(asc(tags.tagId));
}

/** Genre ids of each of these series (series without genres are absent). */
export async function genreIdsOfSeries(
  db: Db,
  seriesIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (seriesIds.length === 0) return out;
  const rows = await db
    .select({ seriesId: seriesGenres.seriesId, genreId: seriesGenres.genreId })
    .from(seriesGenres)
    .where(inArray(seriesGenres.seriesId, [...new Set(seriesIds)]));
  for (const r of rows) out.set(r.seriesId, [...(out.get(r.seriesId) ?? []), r.genreId]);
  return out;
}

/** The ids among bookIds of free volumes (free_flag): what the free ranking counts reads of. */
export async function freeBookIds(db: Db, bookIds: readonly number[]): Promise<number[]> {
  if (bookIds.length === 0) return [];
  const rows = await db
    .select({ bookId: books.bookId })
    .from(books)
    .where(and(inArray(books.bookId, [...new Set(bookIds)]), eq(books.freeFlag, true)));
  return rows.map((r) => r.bookId);
}

/** Names of these authors and magazines, for a search page's condition labels. */
export async function authorAndMagazineNames(
  db: Db,
  authorIds: readonly number[],
  magazineIds: readonly number[],
): Promise<{ authors: Map<number, string>; magazines: Map<number, string> }> {
  const [authorRows, magazineRows] = await Promise.all([
    authorIds.length === 0
      ? []
      : db
          .select({ id: authors.authorId, name: authors.name })
          .from(authors)
          .where(inArray(authors.authorId, [...new Set(authorIds)])),
    magazineIds.length === 0
      ? []
      : db
          .select({ id: magazines.magazineId, name: magazines.name })
          .from(magazines)
          .where(inArray(magazines.magazineId, [...new Set(magazineIds)])),
  ]);
  return {
    authors: new Map(authorRows.map((r) => [r.id, r.name])),
    magazines: new Map(magazineRows.map((r) => [r.id, r.name])),
  };
}

/**
 * Paid volumes on sale now costing at most maxPriceInc (tax included), newest first, as
 * { bookId, itemId }: what a member's points could buy outright (/api/point/books).
 */
export async function volumesPricedUpTo(
  db: Db,
  maxPriceInc: number,
  now: Date,
  limit: number,
): Promise<Array<{ bookId: number; itemId: number }>> {
  if (maxPriceInc <= 0) return [];
  return db
    .select({ bookId: books.bookId, itemId: books.itemId })
    .from(books)
    .innerJoin(series, eq(series.seriesId, books.seriesId))
    .where(
      and(
        eq(books.onsaleFlag, true),
        gt(books.priceInc, 0),
        lte(books.priceInc, maxPriceInc),
        lte(books.itemStartDate, now),
        bookPublished(now),
        seriesPublished(now),
      ),
    )
    .orderBy(sql`${books.itemStartDate} desc`, asc(books.bookId))
    .limit(limit);
}

/** Every volume of these series with its item and price, in volume order. */
export async function volumesOfSeries(
  db: Db,
  seriesIds: readonly number[],
): Promise<
  Array<{ seriesId: number; itemId: number; volume: number; priceInc: number; onsaleFlag: boolean }>
> {
  if (seriesIds.length === 0) return [];
  return db
    .select({
      seriesId: books.seriesId,
      itemId: books.itemId,
      volume: books.volume,
      priceInc: items.priceInc,
      onsaleFlag: items.onsaleFlag,
    })
    .from(books)
    .innerJoin(items, eq(items.itemId, books.itemId))
    .where(inArray(books.seriesId, [...new Set(seriesIds)]))
    .orderBy(asc(books.seriesId), asc(books.volume));
}

/** What pricing needs of each item: its prices and, for a volume, its series, volume and flags. */
export interface ItemSaleFacts {
  itemId: number;
  itemType: number;
  priceInc: number;
  beforePriceInc: number | null;
  onsaleFlag: boolean;
  cdId: number | null;
  bookId: number | null;
  seriesId: number | null;
  seriesName: string | null;
  volume: number | null;
  title: string | null;
  freeFlag: boolean;
  memberFreeFlag: boolean;
  itemStartDate: Date | null;
  /** The volume's own sale and free windows (decision 0092); null for a drama CD. */
  salePriceInc: number | null;
  saleStartAt: Date | null;
  saleEndAt: Date | null;
  freeStartAt: Date | null;
  freeEndAt: Date | null;
  memberFreeStartAt: Date | null;
  memberFreeEndAt: Date | null;
}

/**
 * What pricing needs of these items at `now`: a volume out of the store (its or its series'
 * draft, publish time to come, withdrawal: decision 0091) is not on sale.
 */
export async function itemSaleFacts(
  db: Db,
  itemIds: readonly number[],
  now: Date,
): Promise<ItemSaleFacts[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select({
      itemId: items.itemId,
      itemType: items.itemType,
      priceInc: items.priceInc,
      beforePriceInc: items.beforePriceInc,
      onsaleFlag: items.onsaleFlag,
      cdId: items.cdId,
      bookId: books.bookId,
      seriesId: books.seriesId,
      seriesName: series.name,
      volume: books.volume,
      title: books.title,
      freeFlag: books.freeFlag,
      memberFreeFlag: books.memberFreeFlag,
      bookOnsale: books.onsaleFlag,
      itemStartDate: books.itemStartDate,
      ...volumeWindows,
      bookInStore: sql<boolean>`(${books.bookId} is null or (${and(bookPublished(now), seriesPublished(now))}))`,
    })
    .from(items)
    .leftJoin(books, eq(books.bookId, items.bookId))
    .leftJoin(series, eq(series.seriesId, books.seriesId))
    .where(inArray(items.itemId, [...new Set(itemIds)]));
  return rows.map(({ bookOnsale, bookInStore, ...r }) => ({
    ...r,
    onsaleFlag: r.onsaleFlag && (bookOnsale ?? true) && Boolean(bookInStore),
    freeFlag: r.freeFlag ?? false,
    memberFreeFlag: r.memberFreeFlag ?? false,
  }));
}

/**
 * Holds the series row for the caller's transaction, so one review change at a time reads and
 * moves its rating (a member's several reviews roll up into one count, decision 0054).
 */
export async function lockSeriesRating(tx: Tx, seriesId: number): Promise<void> {
  await tx
    .select({ id: series.seriesId })
    .from(series)
    .where(eq(series.seriesId, seriesId))
    .for("update");
}

/**
 * Moves a series' rating_average / rating_count by one member's change, inside the caller's
 * transaction. Incremental rather than recomputed, because the catalogue's figures already count
 * ratings from before this store's reviews (docs/decisions/0025-reviews.md).
 * `from` null: a new member's rating; `to` null: one withdrawn. Each is one member's rating,
 * which may be the mean of their volume reviews (decision 0054).
 */
export async function shiftSeriesRating(
  tx: Tx,
  seriesId: number,
  from: number | null,
  to: number | null,
): Promise<void> {
  const total = sql`${series.ratingAverage} * ${series.ratingCount}`;
  let set: Partial<Record<"ratingAverage" | "ratingCount", ReturnType<typeof sql>>> | null = null;
  if (from === null && to !== null) {
    set = {
      ratingAverage: sql`(${total} + ${to}) / (${series.ratingCount} + 1)`,
      ratingCount: sql`${series.ratingCount} + 1`,
    };
  } else if (from !== null && to === null) {
    set = {
      ratingAverage: sql`case when ${series.ratingCount} <= 1 then 0
        else greatest(1, least(5, (${total} - ${from}) / (${series.ratingCount} - 1))) end`,
      ratingCount: sql`greatest(${series.ratingCount} - 1, 0)`,
    };
  } else if (from !== null && to !== null && from !== to) {
    set = {
      ratingAverage: sql`case when ${series.ratingCount} = 0 then ${to}
        else greatest(1, least(5, (${total} - ${from} + ${to}) / ${series.ratingCount})) end`,
      ratingCount: sql`greatest(${series.ratingCount}, 1)`,
    };
  }
  if (set) await tx.update(series).set(set).where(eq(series.seriesId, seriesId));
}

/** Whether bookId is a volume of seriesId. */
export async function isVolumeOf(db: Db, bookId: number, seriesId: number): Promise<boolean> {
  const rows = await db
    .select({ id: books.bookId })
    .from(books)
    .where(and(eq(books.bookId, bookId), eq(books.seriesId, seriesId)))
    .limit(1);
  return rows.length > 0;
}

/** Series names and volume numbers for lists that name what they are about (reviews). */
export async function seriesAndVolumeLabels(
  db: Db,
  seriesIds: readonly number[],
  bookIds: readonly number[],
): Promise<{
  names: Map<number, string>;
  volumes: Map<number, number>;
  /** The タテヨミ series among them: their volumes are episodes (第N話). */
  episodic: Set<number>;
}> {
  const [names, volumes] = await Promise.all([
    seriesIds.length === 0
      ? []
      : db
          .select({
            id: series.seriesId,
            name: series.name,
            episodic: episodicSeries(series.seriesId),
          })
          .from(series)
          .where(inArray(series.seriesId, [...new Set(seriesIds)])),
    bookIds.length === 0
      ? []
      : db
          .select({ id: books.bookId, volume: books.volume })
          .from(books)
          .where(inArray(books.bookId, [...new Set(bookIds)])),
  ]);
  return {
    names: new Map(names.map((r) => [r.id, r.name])),
    volumes: new Map(volumes.map((r) => [r.id, r.volume])),
    episodic: new Set(names.flatMap((r) => (r.episodic ? [r.id] : []))),
  };
}

/** The series of a genre, for lists filtered by genre. */
export async function seriesIdsOfGenre(db: Db, genreId: number): Promise<number[]> {
  const rows = await db
    .select({ seriesId: seriesGenres.seriesId })
    .from(seriesGenres)
    .where(eq(seriesGenres.genreId, genreId));
  return rows.map((r) => r.seriesId);
}

/**
 * The series a catalog change touches (decision 0087), for the search rows and copies to read
 * again; null when the change names none of these tables' rows (or a row already deleted).
 */
export async function seriesTouchedBy(
  db: Db,
  entity:
    | "series"
    | "volume"
    | "author"
    | "publisher"
    | "label"
    | "magazine"
    | "genre"
    | "category"
    | "tag",
  id: number,
): Promise<number[] | null> {
  const ids = (rows: Array<{ seriesId: number | null }>) =>
    rows.flatMap((r) => (r.seriesId === null ? [] : [r.seriesId]));
  switch (entity) {
    case "series":
      return [id];
    case "volume": {
      const found = ids(
        await db.select({ seriesId: books.seriesId }).from(books).where(eq(books.bookId, id)),
      );
      return found.length > 0 ? found : null;
    }
    case "author":
      return ids(
        await db
          .selectDistinct({ seriesId: seriesAuthors.seriesId })
          .from(seriesAuthors)
          .where(eq(seriesAuthors.authorId, id)),
      );
    case "publisher":
      return ids(
        await db
          .select({ seriesId: series.seriesId })
          .from(series)
          .where(eq(series.publisherId, id)),
      );
    case "label":
      return ids(
        await db.select({ seriesId: series.seriesId }).from(series).where(eq(series.labelId, id)),
      );
    case "magazine":
      return ids(
        await db
          .select({ seriesId: series.seriesId })
          .from(series)
          .where(eq(series.magazineId, id)),
      );
    case "genre":
      return ids(
        await db
          .select({ seriesId: seriesGenres.seriesId })
          .from(seriesGenres)
          .where(eq(seriesGenres.genreId, id)),
      );
    case "category":
      return ids(
        await db
          .select({ seriesId: seriesCategories.seriesId })
          .from(seriesCategories)
          .where(eq(seriesCategories.categoryId, id)),
      );
    case "tag":
      return ids(
        await db
          .select({ seriesId: seriesTags.seriesId })
          .from(seriesTags)
          .where(eq(seriesTags.tagId, id)),
      );
  }
}

/**
 * Volumes released or published in (after, until], and the next such time after until
 * (decisions 0087, 0091).
 */
export function volumeReleases(db: Db, after: Date, until: Date) {
  return scheduledTimes(
    db,
    sql`${books}`,
    books.bookId,
    [books.itemStartDate, books.publishAt],
    after,
    until,
  );
}
