import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { PublicationState } from "../../../contract/ops-catalog-rules";
import type { Db, Tx } from "../../db/client";
import { BadInput, NotFound } from "../../lib/errors";
import type { Publication } from "./publication";
import {
  authors,
  books,
  categories,
  genres,
  ITEM_TYPE_BOOK,
  ITEM_TYPE_DRAMA_CD,
  items,
  labels,
  magazines,
  publishers,
  series,
  seriesAuthors,
  seriesCategories,
  seriesGenres,
  seriesTags,
  tags,
} from "./schema";
import { refreshSeriesSummary } from "./series-summary";

/**
 * The catalog editor's reads and writes of catalog's tables (decision 0091). Writes take the
 * caller's transaction: the catalog-editor module wraps each in auditedWrite, so the change and
 * its audit row commit together. Rows are written exactly as the seed writes them and the store
 * reads them; series summaries are refreshed in the same transaction.
 */

type Conn = Db | Tx;

/** Where a row stands for the store at `now`, as the editor's lists label it. */
export function publicationState(row: Publication, now: Date): PublicationState {
  if (row.withdrawnAt) return "withdrawn";
  if (row.draft) return "draft";
  if (row.publishAt && row.publishAt > now) return "scheduled";
  return "published";
}

/** Any of the columns holds the word (case-insensitive); % and _ match themselves. */
function likeAny(word: string, ...columns: PgColumn[]): SQL | undefined {
  const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

// ---------------------------------------------------------------- series

export interface EditorPage {
  q: string;
  page: number;
  pageSize: number;
}

/** Series newest first, matched on id, name or reading. */
export async function editorSeriesList(db: Db, query: EditorPage) {
  const byId = /^\d{1,9}$/.test(query.q) ? eq(series.seriesId, Number(query.q)) : undefined;
  const where = query.q ? or(byId, likeAny(query.q, series.name, series.nameKana)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        seriesId: series.seriesId,
        name: series.name,
        nameKana: series.nameKana,
        publisherName: publishers.name,
        volumeCount: series.volumeCount,
        volumes: sql<number>`(select count(*)::int from ${books} where ${books.seriesId} = ${series.seriesId})`,
        completeFlag: series.completeFlag,
        newFlag: series.newFlag,
        draft: series.draft,
        publishAt: series.publishAt,
        withdrawnAt: series.withdrawnAt,
      })
      .from(series)
      .innerJoin(publishers, eq(publishers.publisherId, series.publisherId))
      .where(where)
      .orderBy(desc(series.seriesId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(series).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One series as the editor's form holds it, with its links and volumes; null: none. */
export async function editorSeries(db: Conn, seriesId: number) {
  const [row] = await db.select().from(series).where(eq(series.seriesId, seriesId));
  if (!row) return null;
  // One query at a time: the editor reads inside its write's transaction, one connection.
  const credits = await db
    .select({ authorId: seriesAuthors.authorId, role: seriesAuthors.role, name: authors.name })
    .from(seriesAuthors)
    .innerJoin(authors, eq(authors.authorId, seriesAuthors.authorId))
    .where(eq(seriesAuthors.seriesId, seriesId))
    .orderBy(asc(seriesAuthors.sortOrder));
  const genreRows = await db
    .select({ id: seriesGenres.genreId })
    .from(seriesGenres)
    .where(eq(seriesGenres.seriesId, seriesId))
    .orderBy(asc(seriesGenres.genreId));
  const categoryRows = await db
    .select({ id: seriesCategories.categoryId })
    .from(seriesCategories)
    .where(eq(seriesCategories.seriesId, seriesId))
    .orderBy(asc(seriesCategories.categoryId));
  const tagRows = await db
    .select({ id: seriesTags.tagId })
    .from(seriesTags)
    .where(eq(seriesTags.seriesId, seriesId))
    .orderBy(asc(seriesTags.sortOrder));
  const volumes = await db
    .select()
    .from(books)
    .where(eq(books.seriesId, seriesId))
    .orderBy(asc(books.volume));
  return {
    series: row,
    credits,
    genreIds: genreRows.map((g) => g.id),
    categoryIds: categoryRows.map((c) => c.id),
    tagIds: tagRows.map((t) => t.id),
    volumes,
  };
}

export interface SeriesValues {
  name: string;
  nameKana: string;
  description: string;
  publisherId: number;
  labelId: number | null;
  magazineId: number | null;
  genreIds: number[];
  categoryIds: number[];
  tagIds: number[];
  credits: Array<{ authorId: number; role: string }>;
  completeFlag: boolean;
  newFlag: boolean;
  publishAt: Date | null;
}

/** Every id a series links to names a row that is there, or the field is a 400. */
async function checkSeriesLinks(tx: Conn, v: SeriesValues) {
  const missing = async (
    table: PgTable,
    column: PgColumn,
    wanted: readonly number[],
    field: string,
    label: string,
  ) => {
    if (wanted.length === 0) return;
    const found = await tx
      .select({ id: column })
      .from(table)
      .where(inArray(column, [...wanted]));
    const have = new Set(found.map((r) => r.id as number));
    const absent = wanted.find((id) => !have.has(id));
    if (absent !== undefined)
      throw new BadInput(field, `${field}: ${label}（id ${absent}）が見つかりません`);
  };
  await missing(publishers, publishers.publisherId, [v.publisherId], "publisher_id", "出版社");
  if (v.labelId !== null)
    await missing(labels, labels.labelId, [v.labelId], "label_id", "レーベル");
  if (v.magazineId !== null)
    await missing(magazines, magazines.magazineId, [v.magazineId], "magazine_id", "掲載誌");
  await missing(genres, genres.genreId, v.genreIds, "genre_ids", "ジャンル");
  await missing(categories, categories.categoryId, v.categoryIds, "category_ids", "カテゴリ");
  await missing(tags, tags.tagId, v.tagIds, "tag_ids", "タグ");
  await missing(
    authors,
    authors.authorId,
    [...new Set(v.credits.map((c) => c.authorId))],
    "authors",
    "著者",
  );
  if (v.labelId !== null) {
    const [label] = await tx.select().from(labels).where(eq(labels.labelId, v.labelId));
    if (label && label.publisherId !== v.publisherId) {
      throw new BadInput("label_id", "label_id: レーベルは選んだ出版社のものを指定してください");
    }
  }
}

async function writeSeriesLinks(tx: Tx, seriesId: number, v: SeriesValues) {
  // One statement at a time: a transaction is one connection.
  await tx.delete(seriesAuthors).where(eq(seriesAuthors.seriesId, seriesId));
  await tx.delete(seriesGenres).where(eq(seriesGenres.seriesId, seriesId));
  await tx.delete(seriesCategories).where(eq(seriesCategories.seriesId, seriesId));
  await tx.delete(seriesTags).where(eq(seriesTags.seriesId, seriesId));
  const credits = v.credits.filter(
    (c, i) => v.credits.findIndex((o) => o.authorId === c.authorId && o.role === c.role) === i,
  );
  if (credits.length > 0)
    await tx
      .insert(seriesAuthors)
      .values(
        credits.map((c, i) => ({ seriesId, authorId: c.authorId, role: c.role, sortOrder: i })),
      );
  if (v.genreIds.length > 0)
    await tx.insert(seriesGenres).values(v.genreIds.map((genreId) => ({ seriesId, genreId })));
  if (v.categoryIds.length > 0)
    await tx
      .insert(seriesCategories)
      .values(v.categoryIds.map((categoryId) => ({ seriesId, categoryId })));
  if (v.tagIds.length > 0)
    await tx
      .insert(seriesTags)
      .values(v.tagIds.map((tagId, i) => ({ seriesId, tagId, sortOrder: i })));
}

const seriesColumns = (v: SeriesValues) => ({
  name: v.name,
  nameKana: v.nameKana,
  description: v.description,
  publisherId: v.publisherId,
  labelId: v.labelId,
  magazineId: v.magazineId,
  completeFlag: v.completeFlag,
  newFlag: v.newFlag,
  publishAt: v.publishAt,
});

/** A new series, a draft until the editor publishes it (a bulk import publishes at once). */
export async function insertSeries(
  tx: Tx,
  v: SeriesValues,
  now: Date,
  { draft = true }: { draft?: boolean } = {},
): Promise<number> {
  await checkSeriesLinks(tx, v);
  const [row] = await tx
    .insert(series)
    .values({ ...seriesColumns(v), startDate: v.publishAt ?? now, draft })
    .returning({ seriesId: series.seriesId });
  await writeSeriesLinks(tx, row!.seriesId, v);
  await refreshSeriesSummary(tx, row!.seriesId, now);
  return row!.seriesId;
}

export async function updateSeries(tx: Tx, seriesId: number, v: SeriesValues, now: Date) {
  await checkSeriesLinks(tx, v);
  const [row] = await tx
    .update(series)
    .set(seriesColumns(v))
    .where(eq(series.seriesId, seriesId))
    .returning({ seriesId: series.seriesId });
  if (!row) throw new NotFound("作品が見つかりませんでした");
  await writeSeriesLinks(tx, seriesId, v);
  await refreshSeriesSummary(tx, seriesId, now);
}

/** Publishes (draft off), withdraws or restores a series; its lists follow at once. */
export async function setSeriesPublication(
  tx: Tx,
  seriesId: number,
  change: { draft?: boolean; withdrawnAt?: Date | null },
  now: Date,
) {
  const [row] = await tx
    .update(series)
    .set(change)
    .where(eq(series.seriesId, seriesId))
    .returning({ seriesId: series.seriesId });
  if (!row) throw new NotFound("作品が見つかりませんでした");
  await refreshSeriesSummary(tx, seriesId, now);
}

// ---------------------------------------------------------------- volumes

export type VolumeRecord = typeof books.$inferSelect;

export async function editorVolume(db: Conn, bookId: number): Promise<VolumeRecord | null> {
  const [row] = await db.select().from(books).where(eq(books.bookId, bookId));
  return row ?? null;
}

/** Volumes newest first, of one series or matched on title. */
export async function editorVolumeList(
  db: Db,
  query: EditorPage & { seriesId?: number | undefined },
) {
  const where = and(
    query.seriesId !== undefined ? eq(books.seriesId, query.seriesId) : undefined,
    query.q ? likeAny(query.q, books.title) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(books)
      .where(where)
      .orderBy(desc(books.bookId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(books).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface VolumeValues {
  volume: number;
  title: string;
  description: string;
  pageCount: number;
  trialPageCount: number;
  trialIncreaseFlag: boolean;
  onsaleFlag: boolean;
  /** Tax excluded, from priceInc by pricing's one tax rule (decision 0068): the caller's. */
  price: number;
  priceInc: number;
  salePriceInc: number | null;
  saleStartAt: Date | null;
  saleEndAt: Date | null;
  freeFlag: boolean;
  freeStartAt: Date | null;
  freeEndAt: Date | null;
  memberFreeFlag: boolean;
  memberFreeStartAt: Date | null;
  memberFreeEndAt: Date | null;
  itemStartDate: Date;
  publishAt: Date | null;
}

/** The spec's rule, enforced here too: one volume number once in a series. */
async function checkVolumeNumber(tx: Conn, seriesId: number, volume: number, bookId?: number) {
  const [taken] = await tx
    .select({ bookId: books.bookId })
    .from(books)
    .where(
      and(
        eq(books.seriesId, seriesId),
        eq(books.volume, volume),
        bookId !== undefined ? ne(books.bookId, bookId) : undefined,
      ),
    );
  if (taken) {
    throw new BadInput("volume", `volume: この作品には第${volume}巻がすでにあります`);
  }
}

const bookColumns = (v: VolumeValues) => ({
  volume: v.volume,
  title: v.title,
  description: v.description,
  pageCount: v.pageCount,
  trialPageCount: v.trialPageCount,
  trialIncreaseFlag: v.trialIncreaseFlag,
  onsaleFlag: v.onsaleFlag,
  price: v.price,
  priceInc: v.priceInc,
  salePriceInc: v.salePriceInc,
  saleStartAt: v.saleStartAt,
  saleEndAt: v.saleEndAt,
  freeFlag: v.freeFlag,
  freeStartAt: v.freeStartAt,
  freeEndAt: v.freeEndAt,
  memberFreeFlag: v.memberFreeFlag,
  memberFreeStartAt: v.memberFreeStartAt,
  memberFreeEndAt: v.memberFreeEndAt,
  itemStartDate: v.itemStartDate,
  publishAt: v.publishAt,
});

/**
 * A new volume, a draft unless asked otherwise: its book row and the item that sells it, as the seed writes them (the
 * item first, since books.item_id has no key and items.book_id points back).
 */
export async function insertVolume(
  tx: Tx,
  seriesId: number,
  v: VolumeValues,
  now: Date,
  { draft = true }: { draft?: boolean } = {},
): Promise<number> {
  const [owner] = await tx
    .select({ id: series.seriesId })
    .from(series)
    .where(eq(series.seriesId, seriesId));
  if (!owner) throw new BadInput("series_id", "series_id: 作品が見つかりません");
  await checkVolumeNumber(tx, seriesId, v.volume);
  const columns = bookColumns(v);
  const [item] = await tx
    .insert(items)
    .values({
      itemType: ITEM_TYPE_BOOK,
      price: columns.price,
      priceInc: columns.priceInc,
      onsaleFlag: columns.onsaleFlag,
    })
    .returning({ itemId: items.itemId });
  const [book] = await tx
    .insert(books)
    .values({ ...columns, seriesId, itemId: item!.itemId, draft })
    .returning({ bookId: books.bookId });
  await tx.update(items).set({ bookId: book!.bookId }).where(eq(items.itemId, item!.itemId));
  await refreshSeriesSummary(tx, seriesId, now);
  return book!.bookId;
}

export async function updateVolume(tx: Tx, bookId: number, v: VolumeValues, now: Date) {
  const current = await editorVolume(tx, bookId);
  if (!current) throw new NotFound("巻が見つかりませんでした");
  await checkVolumeNumber(tx, current.seriesId, v.volume, bookId);
  const columns = bookColumns(v);
  await tx.update(books).set(columns).where(eq(books.bookId, bookId));
  await tx
    .update(items)
    .set({ price: columns.price, priceInc: columns.priceInc, onsaleFlag: columns.onsaleFlag })
    .where(eq(items.itemId, current.itemId));
  await refreshSeriesSummary(tx, current.seriesId, now);
}

export async function setVolumePublication(
  tx: Tx,
  bookId: number,
  change: { draft?: boolean; withdrawnAt?: Date | null },
  now: Date,
) {
  const [row] = await tx
    .update(books)
    .set(change)
    .where(eq(books.bookId, bookId))
    .returning({ seriesId: books.seriesId });
  if (!row) throw new NotFound("巻が見つかりませんでした");
  await refreshSeriesSummary(tx, row.seriesId, now);
}

// ---------------------------------------------------------------- reference lists

/** The reference lists the editor keeps: each table, its id and the columns it edits. */
const REFERENCE = {
  authors: { table: authors, id: authors.authorId, search: [authors.name, authors.nameKana] },
  publishers: {
    table: publishers,
    id: publishers.publisherId,
    search: [publishers.name, publishers.nameKana],
  },
  labels: { table: labels, id: labels.labelId, search: [labels.name] },
  magazines: { table: magazines, id: magazines.magazineId, search: [magazines.name] },
  genres: { table: genres, id: genres.genreId, search: [genres.name] },
  categories: { table: categories, id: categories.categoryId, search: [categories.name] },
  tags: { table: tags, id: tags.tagId, search: [tags.name] },
} as const;

export type ReferenceTable = keyof typeof REFERENCE;
/** A reference row as its table holds it (camelCase columns). */
export type ReferenceRow = Record<string, unknown> & { withdrawnAt: Date | null };

/** One page of a reference list in id order, matched on id or name; withdrawn rows included. */
export async function referenceList(db: Db, kind: ReferenceTable, query: EditorPage) {
  const ref = REFERENCE[kind];
  const byId = /^\d{1,9}$/.test(query.q) ? eq(ref.id, Number(query.q)) : undefined;
  const where = query.q ? or(byId, likeAny(query.q, ...ref.search)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ref.table as PgTable)
      .where(where)
      .orderBy(asc(ref.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(ref.table as PgTable)
      .where(where),
  ]);
  return { rows: rows as ReferenceRow[], total: total?.n ?? 0 };
}

export async function referenceRow(
  db: Conn,
  kind: ReferenceTable,
  id: number,
): Promise<ReferenceRow | null> {
  const ref = REFERENCE[kind];
  const [row] = await db
    .select()
    .from(ref.table as PgTable)
    .where(eq(ref.id, id));
  return (row as ReferenceRow | undefined) ?? null;
}

/** Labels and magazines belong to a publisher that is there. */
async function checkPublisher(tx: Conn, values: Record<string, unknown>) {
  if (!("publisherId" in values)) return;
  const [found] = await tx
    .select({ id: publishers.publisherId })
    .from(publishers)
    .where(eq(publishers.publisherId, values.publisherId as number));
  if (!found) throw new BadInput("publisher_id", "publisher_id: 出版社が見つかりません");
}

export async function insertReference(
  tx: Tx,
  kind: ReferenceTable,
  values: Record<string, unknown>,
): Promise<ReferenceRow> {
  await checkPublisher(tx, values);
  const ref = REFERENCE[kind];
  const [row] = await tx
    .insert(ref.table as PgTable)
    .values(values)
    .returning();
  return row as ReferenceRow;
}

export async function updateReference(
  tx: Tx,
  kind: ReferenceTable,
  id: number,
  values: Record<string, unknown>,
): Promise<ReferenceRow> {
  await checkPublisher(tx, values);
  const ref = REFERENCE[kind];
  const [row] = await tx
    .update(ref.table as PgTable)
    .set(values)
    .where(eq(ref.id, id))
    .returning();
  if (!row) throw new NotFound("見つかりませんでした");
  return row as ReferenceRow;
}

/** Picker lists for the series form: every row not withdrawn, by name order. */
export async function seriesFormChoices(db: Db) {
  const open = <T extends PgTable & { withdrawnAt: PgColumn }>(t: T) =>
    sql`${t.withdrawnAt} is null`;
  const [publisherRows, labelRows, magazineRows, genreRows, categoryRows, tagRows] =
    await Promise.all([
      db
        .select({ id: publishers.publisherId, name: publishers.name })
        .from(publishers)
        .where(open(publishers))
        .orderBy(asc(publishers.sortOrder), asc(publishers.publisherId)),
      db
        .select({ id: labels.labelId, name: labels.name, publisherId: labels.publisherId })
        .from(labels)
        .where(open(labels))
        .orderBy(asc(labels.sortOrder), asc(labels.labelId)),
      db
        .select({
          id: magazines.magazineId,
          name: magazines.name,
          publisherId: magazines.publisherId,
        })
        .from(magazines)
        .where(open(magazines))
        .orderBy(asc(magazines.sortOrder), asc(magazines.magazineId)),
      db
        .select({ id: genres.genreId, name: genres.name })
        .from(genres)
        .where(open(genres))
        .orderBy(asc(genres.sortOrder), asc(genres.genreId)),
      db
        .select({ id: categories.categoryId, name: categories.name })
        .from(categories)
        .where(open(categories))
        .orderBy(asc(categories.sortOrder), asc(categories.categoryId)),
      db
        .select({ id: tags.tagId, name: tags.name })
        .from(tags)
        .where(open(tags))
        .orderBy(asc(tags.sortOrder), asc(tags.tagId)),
    ]);
  return {
    publishers: publisherRows,
    labels: labelRows,
    magazines: magazineRows,
    genres: genreRows,
    categories: categoryRows,
    tags: tagRows,
  };
}

/** Authors by id, for the credits the form already shows. */
export async function authorNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: authors.authorId, name: authors.name })
    .from(authors)
    .where(inArray(authors.authorId, [...ids]));
}

// ---------------------------------------------------------------- drama-CD items

/** The prices of the item that sells a drama CD, tax excluded and included. */
export interface CdItemPrices {
  price: number;
  priceInc: number;
  /** The struck-out price while the CD is reduced; null: not reduced. */
  beforePrice: number | null;
  beforePriceInc: number | null;
}

export async function cdItemPrices(db: Conn, cdId: number) {
  const [row] = await db
    .select({
      itemId: items.itemId,
      priceInc: items.priceInc,
      beforePriceInc: items.beforePriceInc,
    })
    .from(items)
    .where(and(eq(items.cdId, cdId), eq(items.itemType, ITEM_TYPE_DRAMA_CD)));
  return row ?? null;
}

/** A CD's item: added with the CD, its prices kept with the CD's form. */
export async function writeCdItem(tx: Tx, cdId: number, prices: CdItemPrices) {
  const current = await cdItemPrices(tx, cdId);
  if (current) await tx.update(items).set(prices).where(eq(items.itemId, current.itemId));
  else await tx.insert(items).values({ itemType: ITEM_TYPE_DRAMA_CD, cdId, ...prices });
}

/** Whether a series is there at all (a draft counts): what a CD may adapt. */
export async function seriesIsThere(db: Conn, seriesId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: series.seriesId })
    .from(series)
    .where(eq(series.seriesId, seriesId));
  return row !== undefined;
}

// ---------------------------------------------------------------- bulk import lookups

export interface NamedRow {
  id: number;
  name: string;
}

/**
 * The reference rows a delivery names (decision 0093), not withdrawn, oldest first so a name
 * held twice resolves to the same row every time: publishers with their labels and magazines,
 * genres, tags and authors.
 */
export async function referencesNamed(
  db: Conn,
  names: { publishers: string[]; genres: string[]; tags: string[]; authors: string[] },
) {
  const open = (column: PgColumn) => sql`${column} is null`;
  const named = async (
    table: PgTable,
    id: PgColumn,
    name: PgColumn,
    withdrawn: PgColumn,
    wanted: string[],
  ): Promise<NamedRow[]> =>
    wanted.length === 0
      ? []
      : ((await db
          .select({ id, name })
          .from(table)
          .where(and(inArray(name, [...new Set(wanted)]), open(withdrawn)))
          .orderBy(asc(id))) as NamedRow[]);
  // One query at a time: the import reads inside its transaction, one connection.
  const publisherRows = await named(
    publishers,
    publishers.publisherId,
    publishers.name,
    publishers.withdrawnAt,
    names.publishers,
  );
  const publisherIds = publisherRows.map((p) => p.id);
  const labelRows =
    publisherIds.length === 0
      ? []
      : await db
          .select({ id: labels.labelId, name: labels.name, publisherId: labels.publisherId })
          .from(labels)
          .where(and(inArray(labels.publisherId, publisherIds), open(labels.withdrawnAt)))
          .orderBy(asc(labels.labelId));
  const magazineRows =
    publisherIds.length === 0
      ? []
      : await db
          .select({
            id: magazines.magazineId,
            name: magazines.name,
            publisherId: magazines.publisherId,
          })
          .from(magazines)
          .where(and(inArray(magazines.publisherId, publisherIds), open(magazines.withdrawnAt)))
          .orderBy(asc(magazines.magazineId));
  const genreRows = await named(
    genres,
    genres.genreId,
    genres.name,
    genres.withdrawnAt,
    names.genres,
  );
  const tagRows = await named(tags, tags.tagId, tags.name, tags.withdrawnAt, names.tags);
  const authorRows = await named(
    authors,
    authors.authorId,
    authors.name,
    authors.withdrawnAt,
    names.authors,
  );
  return {
    publishers: publisherRows,
    labels: labelRows,
    magazines: magazineRows,
    genres: genreRows,
    tags: tagRows,
    authors: authorRows,
  };
}

/** Series of these publishers with these names, oldest first, drafts and withdrawn included. */
export async function seriesNamed(db: Conn, publisherIds: number[], names: string[]) {
  if (publisherIds.length === 0 || names.length === 0) return [];
  return db
    .select({ seriesId: series.seriesId, publisherId: series.publisherId, name: series.name })
    .from(series)
    .where(and(inArray(series.publisherId, publisherIds), inArray(series.name, names)))
    .orderBy(asc(series.seriesId));
}

/** Every volume of these series, drafts and withdrawn included. */
export async function volumesOfSeries(db: Conn, seriesIds: number[]): Promise<VolumeRecord[]> {
  if (seriesIds.length === 0) return [];
  return db
    .select()
    .from(books)
    .where(inArray(books.seriesId, seriesIds))
    .orderBy(asc(books.seriesId), asc(books.volume));
}

/** Names of reference rows by id, withdrawn ones too: what a series already links to. */
export async function referenceNames(
  db: Conn,
  kind: ReferenceTable,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const ref = REFERENCE[kind];
  const rows = await db
    .select({ id: ref.id, name: ref.search[0] })
    .from(ref.table as PgTable)
    .where(inArray(ref.id, [...ids]));
  return new Map(rows.map((r) => [r.id as number, r.name as string]));
}

// ---------------------------------------------------------------- references from other editors

/** Of these ids, those with a row: one query for an empty or any list. */
async function existing(db: Conn, table: PgTable, id: PgColumn, ids: readonly number[] = []) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id })
    .from(table)
    .where(inArray(id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id as number));
}

/**
 * Of these series, items, volumes and authors, those that exist (a draft counts: a coupon, a
 * campaign or a home section may be made before its titles go out), for the editors that name
 * catalog rows by id (issue 24): coupon and campaign targets, home sections' items.
 */
export async function knownTargets(
  db: Conn,
  ask: { seriesIds?: number[]; itemIds?: number[]; bookIds?: number[]; authorIds?: number[] },
) {
  const [seriesIds, itemIds, bookIds, authorIds] = await Promise.all([
    existing(db, series, series.seriesId, ask.seriesIds),
    existing(db, items, items.itemId, ask.itemIds),
    existing(db, books, books.bookId, ask.bookIds),
    existing(db, authors, authors.authorId, ask.authorIds),
  ]);
  return { seriesIds, itemIds, bookIds, authorIds };
}

/**
 * The series of a label or of a genre, oldest first, up to `limit`, and how many there are in
 * all: what a campaign editor adds as targets when the campaign is for a label or a genre.
 */
export async function seriesOfLabelOrGenre(
  db: Conn,
  of: { labelId: number } | { genreId: number },
  limit: number,
): Promise<{ name: string | null; seriesIds: number[]; total: number }> {
  const [named] =
    "labelId" in of
      ? await db.select({ name: labels.name }).from(labels).where(eq(labels.labelId, of.labelId))
      : await db.select({ name: genres.name }).from(genres).where(eq(genres.genreId, of.genreId));
  if (!named) return { name: null, seriesIds: [], total: 0 };
  const rows =
    "labelId" in of
      ? await db
          .select({ id: series.seriesId, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(series)
          .where(eq(series.labelId, of.labelId))
          .orderBy(asc(series.seriesId))
          .limit(limit)
      : await db
          .select({
            id: seriesGenres.seriesId,
            total: sql<number>`count(*) over ()`.mapWith(Number),
          })
          .from(seriesGenres)
          .where(eq(seriesGenres.genreId, of.genreId))
          .orderBy(asc(seriesGenres.seriesId))
          .limit(limit);
  return { name: named.name, seriesIds: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}

export async function genreChoices(db: Db) {
  return db
    .select({ id: genres.genreId, name: genres.name })
    .from(genres)
    .where(sql`${genres.withdrawnAt} is null`)
    .orderBy(asc(genres.sortOrder), asc(genres.genreId));
}
