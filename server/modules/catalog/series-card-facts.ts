import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookPublished, seriesPublished, volumeWindows } from "./publication";
import {
  authors,
  books,
  genres,
  series,
  seriesAuthors,
  seriesGenres,
  seriesTags,
  tags,
} from "./schema";

/**
 * What a series card shows of every series, for a copy held in memory: the same facts
 * seriesItems reads for a page, read table by table (six queries, a few seconds at 100,000
 * series). Ratings move with reviews; seriesRatings reads them alone.
 */
export async function allSeriesFacts(
  db: Db,
  /** Only these series (a catalog change's, decision 0087); every series when unset. */
  only?: readonly number[],
  now = new Date(),
): Promise<Map<number, SeriesFacts>> {
  const among = (column: typeof series.seriesId | typeof books.seriesId) =>
    only ? inArray(column, [...only]) : undefined;
  const [rows, entries, creditRows, genreRows, tagRows, freeRows] = await Promise.all([
    db
      .select(seriesColumns)
      .from(series)
      .where(and(seriesPublished(now), among(series.seriesId))),
    db
      .selectDistinctOn([books.seriesId], volumeColumns)
      .from(books)
      .where(and(bookPublished(now), among(books.seriesId)))
      .orderBy(asc(books.seriesId), desc(books.onsaleFlag), asc(books.volume)),
    db
      .select({ seriesId: seriesAuthors.seriesId, authorId: authors.authorId, name: authors.name })
      .from(seriesAuthors)
      .innerJoin(authors, eq(authors.authorId, seriesAuthors.authorId))
      .where(only ? inArray(seriesAuthors.seriesId, [...only]) : undefined)
      .orderBy(asc(seriesAuthors.seriesId), asc(seriesAuthors.sortOrder)),
    db
      .select({ seriesId: seriesGenres.seriesId, genreId: genres.genreId, name: genres.name })
      .from(seriesGenres)
      .innerJoin(genres, eq(genres.genreId, seriesGenres.genreId))
      .where(only ? inArray(seriesGenres.seriesId, [...only]) : undefined)
      .orderBy(asc(seriesGenres.seriesId), asc(genres.sortOrder), asc(genres.genreId)),
    db
      .select({ seriesId: seriesTags.seriesId, name: tags.name })
      .from(seriesTags)
      .innerJoin(tags, eq(tags.tagId, seriesTags.tagId))
      .where(only ? inArray(seriesTags.seriesId, [...only]) : undefined)
      .orderBy(asc(seriesTags.seriesId), asc(seriesTags.sortOrder), asc(tags.tagId)),
    db
      .select({ seriesId: books.seriesId, free: sql<number>`count(*)::int` })
      .from(books)
      .where(
        and(
          eq(books.freeFlag, true),
          eq(books.onsaleFlag, true),
          bookPublished(now),
          among(books.seriesId),
        ),
      )
      .groupBy(books.seriesId),
  ]);
  const facts = new Map<number, SeriesFacts>();
  for (const r of rows)
    facts.set(r.seriesId, { ...r, entry: null, credits: [], genres: [], tags: [], freeVolumes: 0 });
  for (const e of entries) {
    const s = facts.get(e.seriesId);
    if (s) s.entry = e;
  }
  for (const c of creditRows) {
    const s = facts.get(c.seriesId);
    if (s && !s.credits.some((a) => a.author_id === c.authorId))
      s.credits.push({ author_id: c.authorId, name: c.name });
  }
  for (const g of genreRows)
    facts.get(g.seriesId)?.genres.push({ genre_id: g.genreId, name: g.name });
  for (const t of tagRows) facts.get(t.seriesId)?.tags.push(t.name);
  for (const f of freeRows) {
    const s = facts.get(f.seriesId);
    if (s) s.freeVolumes = Number(f.free);
  }
  return facts;
}

/** Every series' rating (reviews move it), for a copy held in memory. */
export async function seriesRatings(db: Db) {
  return db
    .select({
      seriesId: series.seriesId,
      ratingAverage: series.ratingAverage,
      ratingCount: series.ratingCount,
    })
    .from(series);
}

/** The newest on-sale volume of each of these series (a new-release card shows it). */
export async function latestBookIds(db: Db, seriesIds: readonly number[]) {
  return db
    .select({ seriesId: series.seriesId, bookId: series.latestBookId })
    .from(series)
    .where(inArray(series.seriesId, [...seriesIds]));
}

/**
 * What a volume card shows of these volumes, in no particular order: those in the store at `now`
 * (decision 0091), or every one of them for the editor's preview.
 */
export async function cardVolumes(
  db: Db,
  bookIds: readonly number[],
  { now, preview = false }: { now: Date; preview?: boolean },
): Promise<CardVolume[]> {
  return db
    .select(volumeColumns)
    .from(books)
    .where(and(inArray(books.bookId, [...bookIds]), preview ? undefined : bookPublished(now)));
}

const seriesColumns = {
  seriesId: series.seriesId,
  name: series.name,
  description: series.description,
  completeFlag: series.completeFlag,
  newFlag: series.newFlag,
  ratingAverage: series.ratingAverage,
  ratingCount: series.ratingCount,
  appealImg: series.appealImg,
  commentImg: series.commentImg,
  appealTitle: series.appealTitle,
  appealIntro: series.appealIntro,
  latestBookId: series.latestBookId,
  volumeCount: series.volumeCount,
  latestReleaseDate: series.latestReleaseDate,
};

const volumeColumns = {
  bookId: books.bookId,
  seriesId: books.seriesId,
  itemId: books.itemId,
  volume: books.volume,
  title: books.title,
  price: books.price,
  priceInc: books.priceInc,
  freeFlag: books.freeFlag,
  memberFreeFlag: books.memberFreeFlag,
  onsaleFlag: books.onsaleFlag,
  itemStartDate: books.itemStartDate,
  pageCount: books.pageCount,
  trialPageCount: books.trialPageCount,
  trialIncreaseFlag: books.trialIncreaseFlag,
  description: books.description,
  ...volumeWindows,
};

export type CardVolume = {
  bookId: number;
  seriesId: number;
  itemId: number;
  volume: number;
  title: string;
  price: number;
  priceInc: number;
  freeFlag: boolean;
  memberFreeFlag: boolean;
  onsaleFlag: boolean;
  itemStartDate: Date;
  pageCount: number;
  trialPageCount: number;
  trialIncreaseFlag: boolean;
  description: string;
  salePriceInc: number | null;
  saleStartAt: Date | null;
  saleEndAt: Date | null;
  freeStartAt: Date | null;
  freeEndAt: Date | null;
  memberFreeStartAt: Date | null;
  memberFreeEndAt: Date | null;
};

export type SeriesFacts = {
  seriesId: number;
  name: string;
  description: string;
  completeFlag: boolean;
  newFlag: boolean;
  ratingAverage: number;
  ratingCount: number;
  appealImg: string | null;
  commentImg: string | null;
  appealTitle: string | null;
  appealIntro: string | null;
  latestBookId: number | null;
  volumeCount: number;
  latestReleaseDate: Date | null;
  /** The first on-sale volume (else the first volume), which 読む / カートに入れる act on. */
  entry: CardVolume | null;
  credits: Array<{ author_id: number; name: string }>;
  genres: Array<{ genre_id: number; name: string }>;
  tags: string[];
  /** Volumes on sale and free. */
  freeVolumes: number;
};

/**
 * Everything a card shows of these series, in one query: PGlite answers one query at a time, and
 * a search page's 30 cards were seven (docs/decisions/0039). The lists come as JSON arrays in
 * the order cards list them; the entry volume as columns, so its date is read as every date is.
 */
export async function seriesFactsOf(
  db: Db,
  ids: number[],
  {
    withEntry,
    now,
    preview = false,
  }: {
    withEntry: boolean;
    now: Date;
    /** The editor's preview: the series and its volumes whether or not they are in the store. */
    preview?: boolean;
  },
): Promise<SeriesFacts[]> {
  // Written out with table names: drizzle leaves columns of a one-table select unqualified,
  // which inside these subqueries would be ambiguous.
  const credits = sql<Array<[number, string]>>`(
    select coalesce(json_agg(json_build_array(a.author_id, a.name) order by sa.sort_order), '[]')
    from series_authors sa inner join authors a on a.author_id = sa.author_id
    where sa.series_id = series.series_id)`;
  const genreList = sql<Array<[number, string]>>`(
    select coalesce(json_agg(json_build_array(g.genre_id, g.name) order by g.sort_order, g.genre_id), '[]')
    from series_genres sg inner join genres g on g.genre_id = sg.genre_id
    where sg.series_id = series.series_id)`;
  const tagList = sql<string[]>`(
    select coalesce(json_agg(t.name order by st.sort_order, t.tag_id), '[]')
    from series_tags st inner join tags t on t.tag_id = st.tag_id
    where st.series_id = series.series_id)`;
  const freeVolumes = sql<number>`(
    select count(*)::int from books fb
    where fb.series_id = series.series_id and fb.free_flag and fb.onsale_flag
      and not fb.draft and fb.withdrawn_at is null)`;
  const listed = preview ? undefined : seriesPublished(now);
  const columns = {
    ...seriesColumns,
    credits,
    genres: genreList,
    tags: tagList,
    freeVolumes,
  };
  const bare = (r: Omit<SeriesFacts, "entry">) => ({
    ...r,
    freeVolumes: Number(r.freeVolumes),
    // One person credited twice (原作 and 作画) is listed once.
    credits: uniqueCredits(r.credits as unknown as Array<[number, string]>),
    genres: (r.genres as unknown as Array<[number, string]>).map(([genre_id, name]) => ({
      genre_id,
      name,
    })),
  });
  if (!withEntry) {
    const rows = await db
      .select(columns)
      .from(series)
      .where(and(inArray(series.seriesId, ids), listed));
    return rows.map((r) => ({ ...bare(r as unknown as Omit<SeriesFacts, "entry">), entry: null }));
  }
  const entry = db
    .select(volumeColumns)
    .from(books)
    .where(and(eq(books.seriesId, series.seriesId), preview ? undefined : bookPublished(now)))
    .orderBy(desc(books.onsaleFlag), asc(books.volume))
    .limit(1)
    .as("entry");
  const rows = await db
    .select({
      ...columns,
      entry: Object.fromEntries(
        Object.keys(volumeColumns).map((k) => [k, entry[k as keyof typeof volumeColumns]]),
      ) as { [K in keyof typeof volumeColumns]: (typeof entry)[K] },
    })
    .from(series)
    .leftJoinLateral(entry, sql`true`)
    .where(and(inArray(series.seriesId, ids), listed));
  return rows.map((r) => ({
    ...bare(r as unknown as Omit<SeriesFacts, "entry">),
    entry: r.entry?.bookId == null ? null : (r.entry as unknown as CardVolume),
  }));
}

function uniqueCredits(pairs: Array<[number, string]>) {
  const list: Array<{ author_id: number; name: string }> = [];
  for (const [author_id, name] of pairs)
    if (!list.some((a) => a.author_id === author_id)) list.push({ author_id, name });
  return list;
}
