import type { FeatureItem, PolicyType } from "../../contract/items";
import {
  applyMemberFreeRule,
  type Book,
  type BookPeriod,
  type CampaignItem,
  type CampaignSummary,
  DEFAULT_MEMBER_FREE_VOL,
  readsFree,
  type SeriesCoupon,
  type SeriesInfo,
  type SeriesMain,
  type SeriesUserData,
  type VolumeAnswer,
} from "../../contract/series";
import { tokyoDateTime, tokyoIsoDate } from "../../contract/tokyo-time";
import type { Db } from "../db/client";
import { type ItemCampaign, runningCampaignsFor } from "../modules/campaign/item-campaigns";
import { campaignEntriesByIds } from "../modules/campaign/service";
import { seriesItems } from "../modules/cards/series-items";
import { sameLabelSeriesIds, seriesByAuthors } from "../modules/catalog/series-lists";
import {
  type SeriesRow,
  seriesDescriptors,
  seriesRow,
  seriesVolumeRows,
  type VolumeRow,
} from "../modules/catalog/series-record";
import {
  cartItemIds,
  heldCoupons,
  runningCouponsForSeries,
  type SeriesCouponRow,
} from "../modules/commerce/service";
import { type ArtAddresses, artAddresses } from "../modules/content/art-addresses";
import { volumeTerms } from "../modules/entitlements/rules";
import { featureEntries } from "../modules/home/service";
import {
  favoriteSeriesIds,
  notifiesSeries,
  ownedItemIds,
  resumeOf,
  seriesReading,
} from "../modules/library/service";
import { campaignEffect } from "../modules/pricing/campaign-effect";
import { memberPrice, ownPriceAt } from "../modules/pricing/free-terms";
import { couponSaving, couponTargets, type PriceLine, priceExTax } from "../modules/pricing/rules";
import { memberBookRatings } from "../modules/review/service";

/** Related series shown under a series: same authors first, then the same label. */
const RELATED_LIMIT = 12;

/** What one series' page is made from: read once per page and shared by its parts. */
export interface SeriesFacts {
  row: SeriesRow;
  books: VolumeRow[];
  running: ItemCampaign[];
  coupons: SeriesCouponRow[];
}

/**
 * The series facts query; null: no such series in the store. `preview`: the editor's look at a
 * series and volumes not in the store yet (drafts, schedules), read as the store would at `now`.
 */
export async function loadSeriesFacts(
  db: Db,
  seriesId: number,
  now: Date,
  withCoupons = true,
  preview = false,
): Promise<SeriesFacts | null> {
  const row = await seriesRow(db, seriesId, { now, preview });
  if (!row) return null;
  const [rows, running] = await Promise.all([
    seriesVolumeRows(db, seriesId, { now, preview }),
    runningCampaignsFor(db, { seriesIds: [seriesId] }, now),
  ]);
  // A preview shows each volume as it will be once published.
  const bookRows = preview ? rows.map((b) => ({ ...b, draft: false, publishAt: null })) : rows;
  if (!withCoupons) return { row, books: bookRows, running, coupons: [] };
  const couponCampaigns = running.filter((c) => c.couponFlag).map((c) => c.campaignId);
  const coupons = await runningCouponsForSeries(db, seriesId, couponCampaigns, now);
  return { row, books: bookRows, running, coupons };
}

/**
 * Coupons that apply to one volume, asked of the pricing rules: the coupons were read for this
 * series (coupon_type 3 lists it), so the line names the series and the coupon campaigns
 * covering the volume.
 */
function couponsForItem(facts: SeriesFacts, itemId: number, price: number): SeriesCouponRow[] {
  const line: PriceLine = {
    itemId,
    itemType: 0,
    seriesId: facts.row.seriesId,
    cdId: null,
    genreIds: [],
    listPrice: price,
    salePrice: price,
    couponCampaignIds: facts.running
      .filter((r) => r.couponFlag && (r.itemId === null || r.itemId === itemId))
      .map((r) => r.campaignId),
  };
  return facts.coupons.filter((c) =>
    couponTargets({ ...c, seriesIds: [facts.row.seriesId] }, line),
  );
}

function toBook(
  facts: SeriesFacts,
  b: VolumeRow,
  campaignNames: ReadonlyMap<number, string>,
  now: Date,
  art: ArtAddresses,
): Book {
  const effect = campaignEffect(facts.running, b.itemId);
  const terms = volumeTerms(b, effect, now);
  const pays = memberPrice(b.priceInc, effect, terms, ownPriceAt(b.priceInc, b, now));
  const coupons = pays > 0 ? couponsForItem(facts, b.itemId, pays) : [];
  const best = coupons.reduce<SeriesCouponRow | null>(
    (top, c) => (top === null || couponSaving(c, pays) > couponSaving(top, pays) ? c : top),
    null,
  );
  const applied =
    effect.campaignId === null
      ? null
      : facts.running.find((r) => r.campaignId === effect.campaignId);
  const policy = applied?.policies.find((p) => p.policyType === effect.policyType) ?? null;
  const campaignItem: CampaignItem | null =
    effect.campaignId !== null && effect.policyType !== null
      ? {
          campaign_id: effect.campaignId,
          name: campaignNames.get(effect.campaignId) ?? "",
          policy_type: effect.policyType,
          sale_pct: effect.salePct > 0 ? effect.salePct : null,
          label: policy?.label ?? null,
          end_date: effect.endAt ? tokyoDateTime(effect.endAt) : "",
        }
      : null;
  return {
    book_id: b.bookId,
    item_id: b.itemId,
    volume: b.volume,
    title: b.title,
    img: art.cover(b.bookId),
    free_flag: terms.free,
    member_free_flag: terms.memberFree,
    // A volume set on sale ahead of its release date is announced (配信予定) until the date.
    onsale_flag: b.onsaleFlag && b.itemStartDate <= now,
    price: pays,
    before_price: pays > 0 && pays < b.priceInc ? b.priceInc : null,
    coupon_flag: best !== null,
    available_coupon_id: best?.couponId ?? null,
    coupon_end_date: best ? tokyoDateTime(best.endAt) : "",
    coupon_discount_type: best?.discountType ?? null,
    coupon_discount_value: best?.discountValue ?? null,
    campaign_item: campaignItem,
    trial_page_count: terms.trialPages,
    page_count: b.pageCount,
    item_start_date: tokyoIsoDate(b.itemStartDate),
    description: b.description,
  };
}

/** Series-level flags that follow from the volume list as one viewer sees it. */
function volumeFlags(list: readonly Book[]) {
  const released = list.filter((b) => b.onsale_flag);
  // Member-free volumes count: visitors are offered them free with sign-up.
  const free = released.filter((b) => b.free_flag || b.member_free_flag);
  return {
    all_free_flag: released.length > 0 && free.length === released.length,
    part_free_flag: free.length > 0 && free.length < released.length,
    sale_flag: released.some((b) => b.before_price !== null),
    book_count: released.length,
  };
}

async function relatedSeries(
  db: Db,
  seriesId: number,
  authorIds: number[],
  labelId: number | null,
  now: Date,
) {
  const byAuthors = await seriesByAuthors(db, {
    authorIds,
    exclude: [seriesId],
    limit: RELATED_LIMIT,
    offset: 0,
  });
  let ids = byAuthors.ids;
  if (ids.length < RELATED_LIMIT) {
    const sameLabel = await sameLabelSeriesIds(db, seriesId, labelId, RELATED_LIMIT);
    ids = [...new Set([...ids, ...sameLabel])].slice(0, RELATED_LIMIT);
  }
  return seriesItems(db, ids, { now });
}

/**
 * The series page's shared data (spec 001 §7.3 series main): the same for everybody, so user
 * fields are false or zero and member-free volumes are as members see them. null: no such series.
 */
export async function seriesMain(
  db: Db,
  seriesId: number,
  now = new Date(),
): Promise<SeriesMain | null> {
  const facts = await loadSeriesFacts(db, seriesId, now);
  return facts ? seriesMainOf(db, facts, now) : null;
}

async function seriesMainOf(db: Db, facts: SeriesFacts, now: Date): Promise<SeriesMain> {
  const { row } = facts;
  const seriesId = row.seriesId;
  const campaignIds = [...new Set(facts.running.map((r) => r.campaignId))];
  const [about, campaignList, art] = await Promise.all([
    seriesDescriptors(db, seriesId),
    campaignEntriesByIds(db, campaignIds, now),
    artAddresses(db, { covers: facts.books.map((b) => b.bookId) }),
  ]);
  const related = await relatedSeries(
    db,
    seriesId,
    about.authors.map((a) => a.author_id),
    row.labelId,
    now,
  );
  const names = new Map(campaignList.map((c) => [c.campaign_id, c.name]));
  const bookList = facts.books.map((b) => toBook(facts, b, names, now, art));
  const latest =
    bookList.find((b) => b.book_id === row.latestBookId) ??
    [...bookList].reverse().find((b) => b.onsale_flag) ??
    null;
  const upcoming = facts.books.find((b) => b.itemStartDate > now);
  const info: SeriesInfo = {
    series_id: row.seriesId,
    item_id: latest?.item_id ?? null,
    volume: latest?.volume ?? null,
    publisher_id: row.publisherId,
    publisher_name: row.publisherName,
    price: latest ? priceExTax(latest.price) : 0,
    price_inc: latest?.price ?? 0,
    img: latest ? latest.img : bookList[0] ? bookList[0].img : "",
    name: row.name,
    rating_average: row.ratingAverage,
    rating_count: row.ratingCount,
    description: row.description,
    genres: about.genres,
    categories: about.categories,
    authors: about.authors,
    tags: about.tags,
    label: row.labelId !== null ? { label_id: row.labelId, name: row.labelName ?? "" } : null,
    new_flag: row.newFlag,
    cart_flag: false,
    complete_flag: row.completeFlag,
    ...volumeFlags(bookList),
    own_book_count: 0,
    volume_count: row.volumeCount,
    campaign_count: campaignList.length,
    cart_count: 0,
    favorite_flag: false,
    next_release_date: upcoming ? tokyoIsoDate(upcoming.itemStartDate) : null,
    next_release_book_id: upcoming?.bookId ?? null,
  };
  const campaigns: CampaignSummary[] = campaignList.map((c) => ({
    campaign_id: c.campaign_id,
    name: c.name,
    img: c.img,
    url: c.url,
    end_date: c.end_date,
    policy_types: c.policies.map((p) => p.policy_type as PolicyType),
  }));
  return { series: info, books: bookList, related, campaigns };
}

export interface Viewer {
  /** null for a visitor. */
  userId: number | null;
  memberFreeVol?: number;
}

/**
 * The personal series main: the shared data as this viewer sees it: visitors get member-free
 * volumes as free for members only (spec 001 §1), members get their cart, bookshelf and
 * favourite on the series.
 */
export async function personalSeriesMain(
  db: Db,
  seriesId: number,
  viewer: Viewer,
  now = new Date(),
): Promise<SeriesMain | null> {
  const facts = await loadSeriesFacts(db, seriesId, now);
  return facts ? personalSeriesMainOf(db, facts, viewer, now) : null;
}

/** personalSeriesMain from facts already read. */
export async function personalSeriesMainOf(
  db: Db,
  facts: SeriesFacts,
  viewer: Viewer,
  now: Date,
): Promise<SeriesMain> {
  const seriesId = facts.row.seriesId;
  const main = await seriesMainOf(db, facts, now);
  const isLogin = viewer.userId !== null;
  const bookList = applyMemberFreeRule(
    main.books,
    isLogin,
    viewer.memberFreeVol ?? DEFAULT_MEMBER_FREE_VOL,
  );
  const info: SeriesInfo = { ...main.series, ...volumeFlags(bookList) };
  if (viewer.userId !== null) {
    const itemIds = bookList.map((b) => b.item_id);
    const [own, cart, favorite] = await Promise.all([
      ownedItemIds(db, viewer.userId, itemIds),
      cartItemIds(db, viewer.userId, itemIds),
      favoriteSeriesIds(db, viewer.userId, [seriesId]),
    ]);
    info.own_book_count = own.length;
    info.cart_count = cart.length;
    info.cart_flag = cart.length > 0;
    info.favorite_flag = favorite.length > 0;
  }
  return { ...main, series: info, books: bookList };
}

function toCoupon(
  c: SeriesCouponRow,
  held: ReadonlyMap<number, { expiresAt: Date; usedAt: Date | null }>,
  now: Date,
): SeriesCoupon {
  const h = held.get(c.couponId);
  return {
    coupon_id: c.couponId,
    name: c.name,
    discount_type: c.discountType,
    discount_value: c.discountValue,
    end_date: tokyoDateTime(c.endAt),
    received_flag: h !== undefined,
    enabled: h !== undefined && h.usedAt === null && h.expiresAt > now,
  };
}

/** Series user data (spec 001 §3) for a member: what the page sets after the shared data. */
export async function seriesUserData(
  db: Db,
  seriesId: number,
  userId: number,
  now = new Date(),
): Promise<SeriesUserData | null> {
  const facts = await loadSeriesFacts(db, seriesId, now);
  return facts ? seriesUserDataOf(db, facts, userId, now) : null;
}

/** seriesUserData from facts already read. */
export async function seriesUserDataOf(
  db: Db,
  facts: SeriesFacts,
  userId: number,
  now: Date,
): Promise<SeriesUserData> {
  const seriesId = facts.row.seriesId;
  const itemIds = facts.books.map((b) => b.itemId);
  const [own, cart, favorite, notification, ratings, reading, held] = await Promise.all([
    ownedItemIds(db, userId, itemIds),
    cartItemIds(db, userId, itemIds),
    favoriteSeriesIds(db, userId, [seriesId]),
    notifiesSeries(db, userId, seriesId),
    memberBookRatings(db, userId, seriesId),
    seriesReading(db, userId, seriesId),
    heldCoupons(
      db,
      userId,
      facts.coupons.map((c) => c.couponId),
    ),
  ]);
  const heldById = new Map(held.map((h) => [h.couponId, h]));
  const volumeOf = new Map(facts.books.map((b) => [b.bookId, b.volume]));
  const inSeries = reading.filter((r) => volumeOf.has(r.bookId));
  const resume = resumeOf(inSeries);
  const current = resume && !resume.finished ? resume : null;
  const seriesWide: SeriesCoupon[] = [];
  const perBook: Record<string, SeriesCoupon[]> = {};
  for (const c of facts.coupons) {
    const volumeOnly = facts.running.filter(
      (r) => r.couponFlag && r.campaignId === c.campaignId && r.itemId !== null,
    );
    const seriesLevel =
      c.couponType === 3 ||
      facts.running.some((r) => r.couponFlag && r.campaignId === c.campaignId && r.itemId === null);
    if (seriesLevel) {
      seriesWide.push(toCoupon(c, heldById, now));
      continue;
    }
    for (const r of volumeOnly) {
      const book = facts.books.find((b) => b.itemId === r.itemId);
      if (!book) continue;
      const key = String(book.bookId);
      perBook[key] = [...(perBook[key] ?? []), toCoupon(c, heldById, now)];
    }
  }
  return {
    favorite: favorite.length > 0,
    notification,
    ratings: Object.fromEntries(ratings.map((r) => [String(r.bookId), r.rating])),
    read_finish_books: reading.filter((r) => r.finished).map((r) => r.bookId),
    reading_volume: current ? (volumeOf.get(current.bookId) ?? null) : null,
    continue_book: resume
      ? { book_id: resume.bookId, volume: volumeOf.get(resume.bookId) ?? 0, page: resume.page }
      : null,
    cart_items: cart,
    own_items: own,
    coupons: {
      series_coupon: seriesWide,
      book_coupon: perBook,
      new_apply_coupon_ids: facts.coupons
        .filter((c) => c.receivable && !heldById.has(c.couponId))
        .map((c) => c.couponId),
    },
  };
}

/**
 * One volume with its series (/api/series/books, the volume page): picked by book id, else by
 * volume number, else the first volume. null: no such series, or no such volume in it.
 */
export async function seriesVolume(
  db: Db,
  query: { seriesId: number; bookId?: number | null; volume?: number | null },
  viewer: Viewer,
  now = new Date(),
): Promise<VolumeAnswer | null> {
  const main = await personalSeriesMain(db, query.seriesId, viewer, now);
  if (!main) return null;
  const list = main.books;
  const index =
    query.bookId != null
      ? list.findIndex((b) => b.book_id === query.bookId)
      : query.volume != null
        ? list.findIndex((b) => b.volume === query.volume)
        : list.length > 0
          ? 0
          : -1;
  if (index < 0) return null;
  return {
    series: main.series,
    book: list[index]!,
    books: list,
    prev: list[index - 1] ?? null,
    next: list[index + 1] ?? null,
  };
}

/** The /period screen: how long a volume can be read free, and how to get it otherwise. */
export async function bookPeriod(
  db: Db,
  query: { seriesId: number; bookId: number },
  viewer: Viewer,
  now = new Date(),
): Promise<BookPeriod | null> {
  const volume = await seriesVolume(db, query, viewer, now);
  if (!volume) return null;
  const { book } = volume;
  const isLogin = viewer.userId !== null;
  const free = book.free_flag || book.member_free_flag;
  const freeByCampaign =
    free &&
    book.campaign_item !== null &&
    (book.campaign_item.policy_type === 102 || book.campaign_item.policy_type === 103);
  return {
    ...volume,
    period_type: free ? "free" : "paid",
    buy_status: readsFree(book, isLogin) ? "free" : "buy",
    period_end_date: freeByCampaign ? (book.campaign_item?.end_date ?? "") : "",
    member_only: !book.free_flag && book.member_free_flag,
  };
}

/** Feature articles about one series, as feature cards (/api/series_feature). */
export async function seriesFeatures(
  db: Db,
  seriesId: number,
  now = new Date(),
): Promise<FeatureItem[]> {
  const { entries } = await featureEntries(db, { seriesId, limit: 20, now });
  return featureItems(db, entries, now);
}

/** Feature cards for feature entries, with the facts of the series each is about. */
export async function featureItems(
  db: Db,
  entries: Awaited<ReturnType<typeof featureEntries>>["entries"],
  now = new Date(),
): Promise<FeatureItem[]> {
  const cards = await seriesItems(
    db,
    entries.map((e) => e.seriesId).filter((id): id is number => id !== null),
    { now },
  );
  const byId = new Map(cards.map((c) => [c.series_id, c]));
  return entries.map((e) => {
    const s = e.seriesId !== null ? byId.get(e.seriesId) : undefined;
    return {
      img: e.img,
      title: e.title,
      description: e.description,
      series_name: s?.series_name ?? "",
      series_id: e.seriesId,
      url: e.url,
      feature_tag: e.featureTag,
      get_flag: false,
      free_flag: s?.free_flag ?? false,
      free_count: s?.free_count ?? 0,
      policy_type: s?.policy_type ?? null,
      trial_page_count: s?.trial_page_count ?? 0,
    };
  });
}
