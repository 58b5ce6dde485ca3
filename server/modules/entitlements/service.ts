import { DEFAULT_MEMBER_FREE_VOL } from "../../../contract/series";
import type { Db } from "../../db/client";
import { cachePer } from "../../lib/cache";
import { runningCampaignsFor } from "../campaign/item-campaigns";
import { bookAccess, dramaCdItemId } from "../catalog/service";
import { trackForPlayback } from "../dramacd/service";
import { itemAcquiredAt, ownsItem } from "../library/service";
import { campaignEffect } from "../pricing/campaign-effect";
import { memberPrice, ownPriceAt } from "../pricing/free-terms";
import {
  type ReadingAccess,
  readingAccess,
  type TrackAccess,
  trackAccessOf,
  type VolumeTerms,
  volumeTerms,
} from "./rules";

/** A volume's terms with the ids the callers need. */
export interface VolumeEntry {
  bookId: number;
  seriesId: number;
  itemId: number;
  terms: VolumeTerms;
  /** What buying it costs now, tax included, after any running sale; 0 when free to members. */
  price: number;
  /** Its series reads as タテヨミ episodes: its pages are drawn as one strip. */
  episodic: boolean;
}

export interface VolumeAccess extends VolumeEntry, ReadingAccess {
  owns: boolean;
  isLogin: boolean;
}

const HOUR_MS = 3_600_000;
/**
 * Terms change when a campaign starts or ends, which happens on the hour, so they are kept per
 * hour; an entry also lives at most this long, so an edited campaign shows within a minute.
 */
const TERMS_TTL_MS = 60_000;
const TERMS_CACHE_MAX = 20_000;

/** Keyed by book and campaign hour. */
const termsCache = cachePer<Db, VolumeEntry | null>({
  maxEntries: TERMS_CACHE_MAX,
  ttlMs: TERMS_TTL_MS,
  catalog: true,
});
/** A CD's sellable item never changes once created. */
const cdItemCache = cachePer<Db, number>({ maxEntries: TERMS_CACHE_MAX });

/** The terms of one volume at `now`, read at most once a minute per hour; null: no such book. */
export async function volumeEntry(
  db: Db,
  bookId: number,
  now = new Date(),
): Promise<VolumeEntry | null> {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  return termsCache(db).get(`${bookId}@${hour}`, () => loadVolumeEntry(db, bookId, now));
}

async function loadVolumeEntry(db: Db, bookId: number, now: Date): Promise<VolumeEntry | null> {
  const book = await bookAccess(db, bookId);
  if (!book) return null;
  const running = await runningCampaignsFor(db, { seriesIds: [book.seriesId] }, now);
  const effect = campaignEffect(running, book.itemId);
  const terms = volumeTerms(book, effect, now);
  return {
    bookId,
    seriesId: book.seriesId,
    itemId: book.itemId,
    terms,
    price: memberPrice(book.priceInc, effect, terms, ownPriceAt(book.priceInc, book, now)),
    episodic: book.episodic,
  };
}

/**
 * What this viewer may read of one volume: one indexed query for a member (the bookshelf),
 * none for a visitor, once the volume's terms are cached. null: no such book.
 */
export async function volumeAccess(
  db: Db,
  bookId: number,
  userId: number | null,
  opts: {
    now?: Date;
    memberFreeVol?: number;
    /** How the member's ownership is asked, when the caller keeps it (decision 0080). */
    owns?: (itemId: number) => Promise<boolean>;
  } = {},
): Promise<VolumeAccess | null> {
  const entry = await volumeEntry(db, bookId, opts.now);
  if (!entry) return null;
  const owns =
    userId !== null &&
    (await (opts.owns ? opts.owns(entry.itemId) : ownsItem(db, userId, entry.itemId)));
  const isLogin = userId !== null;
  const access = readingAccess(entry.terms, {
    isLogin,
    owns,
    memberFreeVol: opts.memberFreeVol ?? DEFAULT_MEMBER_FREE_VOL,
  });
  return { ...entry, ...access, owns, isLogin };
}

async function cdItemId(db: Db, cdId: number): Promise<number | null> {
  const cache = cdItemCache(db);
  const known = cache.peek(String(cdId));
  if (known) return known.value;
  const itemId = await dramaCdItemId(db, cdId);
  // A CD not there yet may be added: only an item found is kept.
  if (itemId !== null) cache.set(String(cdId), itemId);
  return itemId;
}

export interface TrackEntry {
  trackId: number;
  access: TrackAccess;
  hasTrial: boolean;
  /** Withdrawn on its own (decision 0094): only those who keep it may play it. */
  withdrawn: boolean;
  durationSec: number;
  trialDurationSec: number | null;
}

/**
 * What this listener may play of one track: the track row and, for a member, the bookshelf,
 * asked together. null: no such track.
 */
export async function trackAccess(
  db: Db,
  cdId: number,
  trackNo: number,
  userId: number | null,
): Promise<TrackEntry | null> {
  const acquired = async () => {
    if (userId === null) return null;
    const itemId = await cdItemId(db, cdId);
    return itemId === null ? null : itemAcquiredAt(db, userId, itemId);
  };
  const [track, acquiredAt] = await Promise.all([trackForPlayback(db, cdId, trackNo), acquired()]);
  if (!track) return null;
  const hasTrial = track.trialFileName !== null;
  const facts = { owns: acquiredAt !== null, acquiredAt, hasTrial, withdrawnAt: track.withdrawnAt };
  return {
    trackId: track.trackId,
    access: trackAccessOf(facts),
    hasTrial,
    withdrawn: track.withdrawnAt !== null,
    durationSec: track.durationSec,
    trialDurationSec: track.trialDurationSec,
  };
}
