import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { SeriesItem } from "../../../contract/items";
import { mediaUrl } from "../../../contract/media";
import type { Db } from "../../db/client";
import { tokyoDateTime, tokyoTime } from "../../lib/clock";
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
 * A fixed number of queries whatever the number of ids.
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
  // The first on-sale volume is what 読む / 試し読み / カートに入れる act on.
  const entries = await db
    .selectDistinctOn([books.seriesId], volumeColumns)
    .from(books)
    .where(inArray(books.seriesId, ids))
    .orderBy(asc(books.seriesId), desc(books.onsaleFlag), asc(books.volume));
  const context = await loadSeriesContext(db, ids, now);
  const entryOf = new Map(entries.map((b) => [b.seriesId, b]));
  const out: SeriesItem[] = [];
  for (const id of ids) {
    const s = context.series.get(id);
    if (!s) continue;
    out.push(buildItem(context, s, entryOf.get(id) ?? null, "series", now));
  }
  return out;
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
  const context = await loadSeriesContext(db, distinctIds(rows.map((r) => r.seriesId)), now);
  const byId = new Map(rows.map((r) => [r.bookId, r]));
  const out: SeriesItem[] = [];
  for (const id of ids) {
    const book = byId.get(id);
    const s = book ? context.series.get(book.seriesId) : undefined;
    if (!book || !s) continue;
    out.push(buildItem(context, s, book, "book", now));
  }
  return out;
}

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

type SeriesRow = {
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
};

interface SeriesContext {
  series: Map<number, SeriesRow>;
  credits: Map<number, Array<{ author_id: number; name: string }>>;
  genres: Map<number, Array<{ genre_id: number; name: string }>>;
  tags: Map<number, string[]>;
  freeVolumes: Map<number, number>;
  campaigns: Map<number, ItemCampaign[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function loadSeriesContext(db: Db, ids: number[], now: Date): Promise<SeriesContext> {
  const [seriesRows, creditRows, genreRows, tagRows, freeRows, campaignRows] = await Promise.all([
    db
      .select({
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
      })
      .from(series)
      .where(inArray(series.seriesId, ids)),
    db
      .select({
        seriesId: seriesAuthors.seriesId,
        authorId: authors.authorId,
        name: authors.name,
      })
      .from(seriesAuthors)
      .innerJoin(authors, eq(authors.authorId, seriesAuthors.authorId))
      .where(inArray(seriesAuthors.seriesId, ids))
      .orderBy(asc(seriesAuthors.seriesId), asc(seriesAuthors.sortOrder)),
    db
      .select({ seriesId: seriesGenres.seriesId, genreId: genres.genreId, name: genres.name })
      .from(seriesGenres)
      .innerJoin(genres, eq(genres.genreId, seriesGenres.genreId))
      .where(inArray(seriesGenres.seriesId, ids))
      .orderBy(asc(seriesGenres.seriesId), asc(genres.sortOrder), asc(genres.genreId)),
    db
      .select({ seriesId: seriesTags.seriesId, name: tags.name })
      .from(seriesTags)
      .innerJoin(tags, eq(tags.tagId, seriesTags.tagId))
      .where(inArray(seriesTags.seriesId, ids))
      .orderBy(asc(seriesTags.seriesId), asc(seriesTags.sortOrder), asc(tags.tagId)),
    db
      .select({
        seriesId: books.seriesId,
        free: sql<number>`count(*)::int`,
      })
      .from(books)
      .where(
        and(inArray(books.seriesId, ids), eq(books.freeFlag, true), eq(books.onsaleFlag, true)),
      )
      .groupBy(books.seriesId),
    runningCampaignsFor(db, { seriesIds: ids }, now),
  ]);
  const context: SeriesContext = {
    series: new Map(seriesRows.map((s) => [s.seriesId, s])),
    credits: new Map(),
    genres: new Map(),
    tags: new Map(),
    freeVolumes: new Map(freeRows.map((r) => [r.seriesId, Number(r.free)])),
    campaigns: new Map(),
  };
  for (const c of creditRows) {
    const list = context.credits.get(c.seriesId) ?? [];
    // One person credited twice (原作 and 作画) is listed once.
    if (!list.some((a) => a.author_id === c.authorId)) {
      list.push({ author_id: c.authorId, name: c.name });
    }
    context.credits.set(c.seriesId, list);
  }
  for (const g of genreRows)
    push(context.genres, g.seriesId, { genre_id: g.genreId, name: g.name });
  for (const t of tagRows) push(context.tags, t.seriesId, t.name);
  for (const c of campaignRows) if (c.seriesId !== null) push(context.campaigns, c.seriesId, c);
  return context;
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
  context: SeriesContext,
  s: SeriesRow,
  volume: Volume | null,
  level: "series" | "book",
  now: Date,
): SeriesItem {
  const credits = context.credits.get(s.seriesId) ?? [];
  const effect = campaignEffect(context.campaigns.get(s.seriesId) ?? [], volume?.itemId ?? null);
  const terms = volume ? volumeTerms(volume, effect, now) : null;
  // A members-only free campaign (103) counts its volumes: members read that many free.
  const freeVolumes = Math.max(
    context.freeVolumes.get(s.seriesId) ?? 0,
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
    appeal_tags: (context.tags.get(s.seriesId) ?? []).slice(0, APPEAL_TAG_LIMIT),
    feature_tag: "",
    genres: context.genres.get(s.seriesId) ?? [],
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
