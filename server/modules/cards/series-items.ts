import type { SeriesItem } from "../../../contract/items";
import { mediaUrl } from "../../../contract/media";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { endDateLabel, type ItemCampaign, runningCampaignsFor } from "../campaign/item-campaigns";
import {
  type CardVolume,
  cardVolumes,
  latestBookIds,
  type SeriesFacts,
  seriesFactsOf,
} from "../catalog/series-card-facts";
import { type ArtAddresses, artAddresses } from "../content/art-addresses";
import { volumeTerms } from "../entitlements/rules";
import { campaignEffect } from "../pricing/campaign-effect";
import { ownPriceAt } from "../pricing/free-terms";
import { priceExTax } from "../pricing/rules";

export interface SeriesItemOptions {
  now?: Date;
  /**
   * true: each item is the series' newest on-sale volume (its title, cover, price and flags),
   * as volume cards of new releases show it. false (default): the series, whose read and cart
   * buttons act on its first on-sale volume.
   */
  bookLevel?: boolean;
  /** The editor's preview: cards of a series or volume not in the store yet (decision 0091). */
  preview?: boolean;
}

/** A volume counts as 新 this long after its release. */
const NEW_VOLUME_DAYS = 14;
/** Cards show a few of the series' tags as appeal tags. */
const APPEAL_TAG_LIMIT = 3;

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
    const latest = await latestBookIds(db, ids);
    const bookIdOf = new Map(latest.map((r) => [r.seriesId, r.bookId]));
    const bookIds = ids.map((id) => bookIdOf.get(id)).filter((id): id is number => id != null);
    return bookItems(db, bookIds, { now, preview: opts.preview });
  }
  const [rows, campaigns] = await Promise.all([
    seriesFactsOf(db, ids, { withEntry: true, now, preview: opts.preview }),
    runningCampaignsFor(db, { seriesIds: ids }, now),
  ]);
  const context = seriesContext(rows, campaigns);
  const art = await seriesCardArt(db, rows);
  return seriesCardsOf(ids, context.series, (id) => context.campaigns.get(id) ?? [], now, art);
}

/**
 * The pictures series cards of these facts show: each one's latest and entry volume's cover,
 * and the series' appeal image.
 */
export function seriesCardArt(db: Db, facts: Iterable<SeriesFacts>): Promise<ArtAddresses> {
  const covers: number[] = [];
  const appeals: number[] = [];
  for (const s of facts) {
    appeals.push(s.seriesId);
    if (s.latestBookId) covers.push(s.latestBookId);
    if (s.entry) covers.push(s.entry.bookId);
  }
  return artAddresses(db, { covers, appeals });
}

/**
 * Series cards from facts already at hand (a copy held in memory), the campaigns running at
 * `now` for each series and their covers (seriesCardArt): the same cards seriesItems answers,
 * without a query.
 */
export function seriesCardsOf(
  seriesIds: readonly number[],
  facts: ReadonlyMap<number, SeriesFacts>,
  campaignsOf: (seriesId: number) => readonly ItemCampaign[],
  now: Date,
  art: ArtAddresses,
): SeriesItem[] {
  const out: SeriesItem[] = [];
  for (const id of distinctIds(seriesIds)) {
    const s = facts.get(id);
    if (!s) continue;
    out.push(buildItem(campaignsOf(id), s, s.entry, "series", now, art));
  }
  return out;
}

/** Volume cards (content type 18) for these book ids, in the order asked. */
export async function bookItems(
  db: Db,
  bookIds: readonly number[],
  opts: { now?: Date; preview?: boolean } = {},
): Promise<SeriesItem[]> {
  const ids = distinctIds(bookIds);
  if (ids.length === 0) return [];
  const now = opts.now ?? new Date();
  const rows = await cardVolumes(db, ids, { now, preview: opts.preview });
  const seriesOfBooks = distinctIds(rows.map((r) => r.seriesId));
  const [facts, campaigns] = await Promise.all([
    seriesFactsOf(db, seriesOfBooks, { withEntry: false, now, preview: opts.preview }),
    runningCampaignsFor(db, { seriesIds: seriesOfBooks }, now),
  ]);
  const context = seriesContext(facts, campaigns);
  const art = await artAddresses(db, {
    covers: [...rows.map((r) => r.bookId), ...facts.flatMap((s) => s.latestBookId ?? [])],
    appeals: seriesOfBooks,
  });
  const byId = new Map(rows.map((r) => [r.bookId, r]));
  const out: SeriesItem[] = [];
  for (const id of ids) {
    const book = byId.get(id);
    const s = book ? context.series.get(book.seriesId) : undefined;
    if (!book || !s) continue;
    out.push(buildItem(context.campaigns.get(s.seriesId) ?? [], s, book, "book", now, art));
  }
  return out;
}

interface SeriesContext {
  series: Map<number, SeriesFacts>;
  campaigns: Map<number, ItemCampaign[]>;
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
export function appealUrl(kind: string, value: string | null): string | null {
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
  volume: CardVolume | null,
  level: "series" | "book",
  now: Date,
  art: ArtAddresses,
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
  const ownCover = volume ? art.cover(volume.bookId) : "";
  const latestCover = s.latestBookId ? art.cover(s.latestBookId) : ownCover;
  const isBook = level === "book" && volume !== null;
  const ownPrice = volume ? ownPriceAt(volume.priceInc, volume, now) : null;
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
    // The volume's own sale inside its window (decision 0092); campaigns show as sale_pct.
    price:
      ownPrice === null ? 0 : ownPrice < volume!.priceInc ? priceExTax(ownPrice) : volume!.price,
    price_inc: ownPrice ?? 0,
    // An uploaded appeal image first (decision 0095), else the seed's drawn one by its name.
    appeal_img: art.appeal(s.seriesId) ?? appealUrl("appeal", s.appealImg),
    comment_img: appealUrl("comment", s.commentImg),
    appeal_title: s.appealTitle,
    appeal_intro: s.appealIntro,
  };
}
