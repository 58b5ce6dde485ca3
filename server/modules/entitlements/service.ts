import { DEFAULT_MEMBER_FREE_VOL } from "../../../contract/series";
import type { Db } from "../../db/client";
import { runningCampaignsFor } from "../campaign/item-campaigns";
import { bookAccess, dramaCdItemId } from "../catalog/service";
import { trackForPlayback } from "../dramacd/service";
import { ownsItem } from "../library/service";
import { campaignEffect } from "../pricing/campaign-effect";
import { salePrice } from "../pricing/rules";
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

interface Cached<T> {
  value: T;
  hour: number;
  expiresAt: number;
}

/** Per database, so test databases never share entries. */
const termsCache = new WeakMap<Db, Map<number, Cached<VolumeEntry | null>>>();
/** A CD's sellable item never changes once created. */
const cdItemCache = new WeakMap<Db, Map<number, number | null>>();

/**
 * Items each member is known to own. Ownership is never taken back (user_items rows are only
 * added; a member who leaves has no session), so a yes is kept and only a no is asked again:
 * every page image of an owned volume would otherwise cost a query.
 */
const knownOwners = new WeakMap<Db, Set<string>>();
const KNOWN_OWNERS_MAX = 100_000;

async function owns(db: Db, userId: number, itemId: number): Promise<boolean> {
  let known = knownOwners.get(db);
  if (!known) {
    known = new Set();
    knownOwners.set(db, known);
  }
  const key = `${userId}:${itemId}`;
  if (known.has(key)) return true;
  const owned = await ownsItem(db, userId, itemId);
  if (owned) {
    if (known.size >= KNOWN_OWNERS_MAX) known.clear();
    known.add(key);
  }
  return owned;
}

function cacheOf<V>(caches: WeakMap<Db, Map<number, V>>, db: Db): Map<number, V> {
  let map = caches.get(db);
  if (!map) {
    map = new Map();
    caches.set(db, map);
  }
  return map;
}

/** The terms of one volume at `now`, read at most once a minute per hour; null: no such book. */
export async function volumeEntry(
  db: Db,
  bookId: number,
  now = new Date(),
): Promise<VolumeEntry | null> {
  const cache = cacheOf(termsCache, db);
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const hit = cache.get(bookId);
  if (hit && hit.hour === hour && hit.expiresAt > Date.now()) return hit.value;
  const value = await loadVolumeEntry(db, bookId, now);
  if (cache.size >= TERMS_CACHE_MAX) cache.clear();
  cache.set(bookId, { value, hour, expiresAt: Date.now() + TERMS_TTL_MS });
  return value;
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
    price: terms.free || terms.memberFree ? 0 : salePrice(book.priceInc, effect.salePct),
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
  opts: { now?: Date; memberFreeVol?: number } = {},
): Promise<VolumeAccess | null> {
  const entry = await volumeEntry(db, bookId, opts.now);
  if (!entry) return null;
  const owned = userId !== null && (await owns(db, userId, entry.itemId));
  const isLogin = userId !== null;
  const access = readingAccess(entry.terms, {
    isLogin,
    owns: owned,
    memberFreeVol: opts.memberFreeVol ?? DEFAULT_MEMBER_FREE_VOL,
  });
  return { ...entry, ...access, owns: owned, isLogin };
}

async function cdItemId(db: Db, cdId: number): Promise<number | null> {
  const cache = cacheOf(cdItemCache, db);
  const known = cache.get(cdId);
  if (known !== undefined) return known;
  const itemId = await dramaCdItemId(db, cdId);
  if (itemId !== null) {
    if (cache.size >= TERMS_CACHE_MAX) cache.clear();
    cache.set(cdId, itemId);
  }
  return itemId;
}

export interface TrackEntry {
  access: TrackAccess;
  hasTrial: boolean;
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
  const owned = async (): Promise<boolean> => {
    if (userId === null) return false;
    const itemId = await cdItemId(db, cdId);
    return itemId !== null && owns(db, userId, itemId);
  };
  const [track, ownsCd] = await Promise.all([trackForPlayback(db, cdId, trackNo), owned()]);
  if (!track) return null;
  const hasTrial = track.trialFileName !== null;
  return {
    access: trackAccessOf({ owns: ownsCd, hasTrial }),
    hasTrial,
    durationSec: track.durationSec,
    trialDurationSec: track.trialDurationSec,
  };
}
