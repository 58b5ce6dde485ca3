import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { SeriesItem } from "../../../contract/items";
import { mediaUrl } from "../../../contract/media";
import { tokyoDateTime, tokyoTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { type ItemCampaign, runningCampaignsFor } from "../campaign/item-campaigns";
import { volumeTerms } from "../entitlements/rules";
import { campaignEffect } from "../pricing/campaign-effect";
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

export interface SeriesItemOptions {
  now?: Date;
  /**
   * true: each item is the series' newest on-sale volume (its title, cover, price and flags),
   * as volume cards of new releases show it. false (default): the series, whose read and cart
   * buttons act on its first on-sale volume.
   */
  bookLevel?: boolean;
}

/** A volume counts as 新 this long after its release. */
const NEW_VOLUME_DAYS = 14;
/** Cards show a few of the series' tags as appeal tags. */
const APPEAL_TAG_LIMIT = 3;

export function coverUrl(bookId: number): string {
  return mediaUrl(`/media/books/${bookId}/cover.png`);
}

/** "11/30まで": the Tokyo date a campaign ends, as cards label it. */
export function endDateLabel(endAt: Date | null): string {
  if (!endAt) return "";
  const t = tokyoTime(new Date(endAt.getTime() - 1000));
  return `${t.month}/${t.day}まで`;
}

function distinctIds(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
}

/**
 * Series cards (contract SeriesItem) for these ids, in the order asked; unknown ids are left out.
 * User flags are false: a personal answer sets them from the member's lists (applyUserItems).
 * Two queries whatever the number of ids: the catalog's facts, and the running campaigns.
 */
export async function seriesItems(
  db: Db,
  seriesIds: readonly number[],
  opts: SeriesItemOptions = {},
): Promise<SeriesItem[]> {
  const ids = distinctIds(seriesIds);
  if (ids.length === 0) return [];
  const now = opts.now ?? new Date();
  if (opts.bookLevel) {
    const latest = await db
      .select({ seriesId: series.seriesId, bookId: series.latestBookId })
      .from(series)
      .where(inArray(series.seriesId, ids));
    const bookIdOf = new Map(latest.map((r) => [r.seriesId, r.bookId]));
    const bookIds = ids.map((id) => bookIdOf.get(id)).filter((id): id is number => id != null);
    return bookItems(db, bookIds, { now });
  }
  const [rows, campaigns] = await Promise.all([
    seriesFacts(db, ids, { withEntry: true }),
    runningCampaignsFor(db, { seriesIds: ids }, now),
  ]);
  const context = seriesContext(rows, campaigns);
  return seriesCardsOf(ids, context.series, (id) => context.campaigns.get(id) ?? [], now);
}

/**
 * Series cards from facts already at hand (a copy held in memory) and the campaigns running at
 * `now` for each series: the same cards seriesItems answers, without a query.
 */
export function seriesCardsOf(
  seriesIds: readonly number[],
  facts: ReadonlyMap<number, SeriesFacts>,
  campaignsOf: (seriesId: number) => readonly ItemCampaign[],
  now: Date,
): SeriesItem[] {
  const out: SeriesItem[] = [];
  for (const id of distinctIds(seriesIds)) {
    const s = facts.get(id);
    if (!s) continue;
    out.push(buildItem(campaignsOf(id), s, s.entry, "series", now));
  }
  return out;
}

/**
 * What a series card shows of every series, for a copy held in memory: the same facts
 * seriesItems reads for a page, read table by table (six queries, a few seconds at 100,000
 * series). Ratings move with reviews; seriesRatings reads them alone.
 */
export async function allSeriesFacts(db: Db): Promise<Map<number, SeriesFacts>> {
  const [rows, entries, creditRows, genreRows, tagRows, freeRows] = await Promise.all([
    db.select(seriesColumns).from(series),
    db
      .selectDistinctOn([books.seriesId], volumeColumns)
      .from(books)
      .orderBy(asc(books.seriesId), desc(books.onsaleFlag), asc(books.volume)),
    db
      .select({ seriesId: seriesAuthors.seriesId, authorId: authors.authorId, name: authors.name })
      .from(seriesAuthors)
      .innerJoin(authors, eq(authors.authorId, seriesAuthors.authorId))
      .orderBy(asc(seriesAuthors.seriesId), asc(seriesAuthors.sortOrder)),
    db
      .select({ seriesId: seriesGenres.seriesId, genreId: genres.genreId, name: genres.name })
      .from(seriesGenres)
      .innerJoin(genres, eq(genres.genreId, seriesGenres.genreId))
      .orderBy(asc(seriesGenres.seriesId), asc(genres.sortOrder), asc(genres.genreId)),
    db
      .select({ seriesId: seriesTags.seriesId, name: tags.name })
      .from(seriesTags)
      .innerJoin(tags, eq(tags.tagId, seriesTags.tagId))
      .orderBy(asc(seriesTags.seriesId), asc(seriesTags.sortOrder), asc(tags.tagId)),
    db
      .select({ seriesId: books.seriesId, free: sql<number>`count(*)::int` })
      .from(books)
      .where(and(eq(books.freeFlag, true), eq(books.onsaleFlag, true)))
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

/** Volume cards (content type 18) for these book ids, in the order asked. */
export async function bookItems(
  db: Db,
  bookIds: readonly number[],
  opts: { now?: Date } = {},
): Promise<SeriesItem[]> {
  const ids = distinctIds(bookIds);
  if (ids.length === 0) return [];
  const now = opts.now ?? new Date();
  const rows = await db.select(volumeColumns).from(books).where(inArray(books.bookId, ids));
  const seriesOfBooks = distinctIds(rows.map((r) => r.seriesId));
  const [facts, campaigns] = await Promise.all([
    seriesFacts(db, seriesOfBooks, { withEntry: false }),
    runningCampaignsFor(db, { seriesIds: seriesOfBooks }, now),
  ]);
  const context = seriesContext(facts, campaigns);
  const byId = new Map(rows.map((r) => [r.bookId, r]));
  const out: SeriesItem[] = [];
  for (const id of ids) {
    const book = byId.get(id);
    const s = book ? context.series.get(book.seriesId) : undefined;
    if (!book || !s) continue;
    out.push(buildItem(context.campaigns.get(s.seriesId) ?? [], s, book, "book", now));
  }
  return out;
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
};

type Volume = {
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
  entry: Volume | null;
  credits: Array<{ author_id: number; name: string }>;
  genres: Array<{ genre_id: number; name: string }>;
  tags: string[];
  /** Volumes on sale and free. */
  freeVolumes: number;
};

interface SeriesContext {
  series: Map<number, SeriesFacts>;
  campaigns: Map<number, ItemCampaign[]>;
}

/**
 * Everything a card shows of these series, in one query: PGlite answers one query at a time, and
 * a search page's 30 cards were seven (docs/decisions/0039). The lists come as JSON arrays in
 * the order cards list them; the entry volume as columns, so its date is read as every date is.
 */
async function seriesFacts(
  db: Db,
  ids: number[],
  { withEntry }: { withEntry: boolean },
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
    where fb.series_id = series.series_id and fb.free_flag and fb.onsale_flag)`;
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
    const rows = await db.select(columns).from(series).where(inArray(series.seriesId, ids));
    return rows.map((r) => ({ ...bare(r as unknown as Omit<SeriesFacts, "entry">), entry: null }));
  }
  const entry = db
    .select(volumeColumns)
    .from(books)
    .where(eq(books.seriesId, series.seriesId))
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
    .where(inArray(series.seriesId, ids));
  return rows.map((r) => ({
    ...bare(r as unknown as Omit<SeriesFacts, "entry">),
    entry: r.entry?.bookId == null ? null : (r.entry as unknown as Volume),
  }));
}

function uniqueCredits(pairs: Array<[number, string]>) {
  const list: Array<{ author_id: number; name: string }> = [];
  for (const [author_id, name] of pairs)
    if (!list.some((a) => a.author_id === author_id)) list.push({ author_id, name });
  return list;
}

function seriesContext(rows: SeriesFacts[], campaigns: ItemCampaign[]): SeriesContext {
  const context: SeriesContext = {
    series: new Map(rows.map((s) => [s.seriesId, s])),
    campaigns: new Map(),
  };
  for (const c of campaigns) if (c.seriesId !== null) push(context.campaigns, c.seriesId, c);
  return context;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Seeded appeal files are bare names; the media routes draw them as /media/{kind}/{name}.png. */
function appealUrl(kind: string, value: string | null): string | null {
  if (!value) return null;
  if (value.startsWith("/") || /^https?:\/\//.test(value)) return value;
  const name = value
    .replace(/\.[a-z0-9]+$/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return name ? mediaUrl(`/media/${kind}/${name}.png`) : null;
}

function buildItem(
  running: readonly ItemCampaign[],
  s: SeriesFacts,
  volume: Volume | null,
  level: "series" | "book",
  now: Date,
): SeriesItem {
  const credits = s.credits;
  const effect = campaignEffect(running, volume?.itemId ?? null);
  const terms = volume ? volumeTerms(volume, effect, now) : null;
  // A members-only free campaign (103) counts its volumes: members read that many free.
  const freeVolumes = Math.max(
    s.freeVolumes,
    effect.freeCount,
    effect.policyType === 103 ? effect.memberFreeCount : 0,
  );
  // A series with nothing on sale has no latest volume; its card shows the volume it opens on.
  const ownCover = volume ? coverUrl(volume.bookId) : "";
  const latestCover = s.latestBookId ? coverUrl(s.latestBookId) : ownCover;
  const isBook = level === "book" && volume !== null;
  const startDate = isBook ? volume.itemStartDate : s.latestReleaseDate;
  const name = isBook ? volume.title : s.name;
  return {
    series_id: s.seriesId,
    book_id: volume?.bookId ?? null,
    item_id: volume?.itemId ?? null,
    series_name: s.name,
    name,
    title: name,
    url: isBook ? `/series/${s.seriesId}/book/${volume.bookId}` : `/series/${s.seriesId}`,
    img: isBook ? ownCover : latestCover,
    latest_cover: latestCover,
    cover: ownCover,
    volume: volume?.volume ?? null,
    volume_count: s.volumeCount,
    volume_count_own: 0,
    author: credits.map((a) => a.name).join("／"),
    description: isBook && volume.description ? volume.description : s.description,
    introduction: s.appealIntro ?? "",
    rating_average: s.ratingAverage,
    rating_count: s.ratingCount,
    appeal_tags: s.tags.slice(0, APPEAL_TAG_LIMIT),
    feature_tag: "",
    genres: s.genres,
    authors: credits,
    final_flag: s.completeFlag,
    new_flag: isBook
      ? volume.itemStartDate <= now &&
        now.getTime() - volume.itemStartDate.getTime() < NEW_VOLUME_DAYS * 86_400_000
      : s.newFlag,
    free_flag: terms?.free ?? false,
    member_free_flag: terms?.memberFree ?? false,
    onsale_flag: terms?.onsale ?? false,
    get_flag: false,
    cart_flag: false,
    favorite_flag: false,
    notification_flag: false,
    coupon_flag: effect.couponFlag,
    appeal_cp_flag: effect.policyType !== null,
    trial_increase_flag:
      (volume?.trialIncreaseFlag ?? false) ||
      effect.trialPageCount > 0 ||
      (terms?.trialExtended ?? false),
    sale_pct: effect.salePct,
    free_count: freeVolumes,
    trial_page_count: terms?.trialPages ?? 0,
    pub_campaign_id: effect.campaignId,
    campaign_end_date: effect.endAt ? tokyoDateTime(effect.endAt) : "",
    coupon_end_date: effect.couponEndAt ? tokyoDateTime(effect.couponEndAt) : "",
    cp_end_date_label: endDateLabel(effect.endAt),
    item_start_date: startDate ? tokyoDateTime(startDate) : "",
    continue_cid: "",
    rank: null,
    policy_type: effect.policyType,
    price: volume?.price ?? 0,
    price_inc: volume?.priceInc ?? 0,
    appeal_img: appealUrl("appeal", s.appealImg),
    comment_img: appealUrl("comment", s.commentImg),
    appeal_title: s.appealTitle,
    appeal_intro: s.appealIntro,
  };
}
