import type { ReaderNextBook, ReadingEntitlement } from "../../../contract/reader";
import { applyMemberFreeRule, DEFAULT_MEMBER_FREE_VOL, readsFree } from "../../../contract/series";
import { type Publication, publishedAt } from "../catalog/publication";
import type { CampaignEffect } from "../pricing/campaign-effect";
import {
  type CatalogWindows,
  catalogFreeAt,
  type FreeTerms,
  freeTerms,
} from "../pricing/free-terms";

/**
 * What may be read or played (spec 001 §1, §6; DESIGN.md "The API"), decided in one place for
 * page images, the reader, full and trial tracks and the flags cards and the series page show.
 * Pure: the service reads the facts, these functions decide.
 */

/** A volume as the catalog stores it (rows read before decisions 0091/0092 lack the extras). */
export interface VolumeFacts extends Partial<Publication>, CatalogWindows {
  volume: number;
  freeFlag: boolean;
  memberFreeFlag: boolean;
  onsaleFlag: boolean;
  itemStartDate: Date;
  pageCount: number;
  trialPageCount: number;
}

/**
 * A volume's terms at one moment, the same for every viewer (they change only when a campaign
 * starts or ends, or the volume is released). Flags are as members see them; visitorTerms says
 * what a visitor loses.
 */
export interface VolumeTerms extends FreeTerms {
  volume: number;
  pageCount: number;
  /** Pages anyone may read: the volume's own, or more while a 104/105 campaign runs. */
  trialPages: number;
  /** A 104/105 campaign adds trial pages (立ち読み増量). */
  trialExtended: boolean;
  onsale: boolean;
  /** On sale and past its start date: only released volumes read free. */
  released: boolean;
}

/**
 * Free and member-free are the pricing rule's (free-terms.ts), so what reads free is never sold.
 * A volume out of the store (a draft, not yet published, withdrawn: decision 0091) is not on sale
 * and lends no page to anyone; its owners still read it all (readingAccess).
 */
export function volumeTerms(v: VolumeFacts, effect: CampaignEffect, now: Date): VolumeTerms {
  const listed = publishedAt(v, now);
  const onsale = v.onsaleFlag && listed;
  const wholeTrial = onsale && v.volume <= effect.wholeVolumeTrialCount;
  return {
    ...freeTerms(catalogFreeAt({ ...v, onsaleFlag: onsale }, now), effect),
    volume: v.volume,
    pageCount: v.pageCount,
    trialPages: listed
      ? Math.max(
          v.trialPageCount,
          effect.trialPageCount > 0 ? Math.min(effect.trialPageCount, v.pageCount) : 0,
          wholeTrial ? v.pageCount : 0,
        )
      : 0,
    trialExtended: listed && (effect.trialPageCount > 0 || wholeTrial),
    onsale,
    released: onsale && v.itemStartDate <= now,
  };
}

/** Who asks. */
export interface Reader {
  isLogin: boolean;
  owns: boolean;
  /** Spec 001 §1, §9: visitors get no free volume from this volume number up. */
  memberFreeVol?: number;
}

/**
 * The volume's flags as this viewer sees them (spec 001 §1): a visitor sees a free volume from
 * member_free_vol up as free for members only.
 */
export function viewerFlags(
  terms: Pick<VolumeTerms, "volume" | "free" | "memberFree">,
  isLogin: boolean,
  memberFreeVol = DEFAULT_MEMBER_FREE_VOL,
): { free: boolean; memberFree: boolean } {
  const [seen] = applyMemberFreeRule(
    [{ volume: terms.volume, free_flag: terms.free, member_free_flag: terms.memberFree }],
    isLogin,
    memberFreeVol,
  );
  return { free: seen!.free_flag, memberFree: seen!.member_free_flag };
}

export interface ReadingAccess {
  entitlement: ReadingEntitlement;
  /** Pages 1..readablePages may be read; 0 none. */
  readablePages: number;
}

/**
 * Owned: every page. Free, campaign-free, member-free (members only): every page of a released
 * volume. Otherwise the trial pages, if any. Otherwise nothing.
 */
export function readingAccess(terms: VolumeTerms, reader: Reader): ReadingAccess {
  if (reader.owns) return { entitlement: "owned", readablePages: terms.pageCount };
  const seen = viewerFlags(terms, reader.isLogin, reader.memberFreeVol);
  const free = readsFree(
    { free_flag: seen.free, member_free_flag: seen.memberFree },
    reader.isLogin,
  );
  if (terms.released && free) {
    const entitlement: ReadingEntitlement =
      terms.freeSource === "campaign" ? "campaign_free" : seen.free ? "free" : "member_free";
    return { entitlement, readablePages: terms.pageCount };
  }
  if (terms.trialPages > 0) {
    return { entitlement: "trial", readablePages: Math.min(terms.trialPages, terms.pageCount) };
  }
  return { entitlement: "none", readablePages: 0 };
}

export type PageVerdict = "allowed" | "forbidden" | "not-found";

/** A page outside the volume does not exist; a page past the readable ones is refused. */
export function pageVerdict(access: ReadingAccess, page: number, pageCount: number): PageVerdict {
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return "not-found";
  return page <= access.readablePages ? "allowed" : "forbidden";
}

/**
 * Pages that anyone may fetch (trial pages, and free pages a visitor reads) may sit in shared
 * caches; whatever depends on who asks stays private.
 */
export function pageIsPublic(terms: VolumeTerms, page: number, memberFreeVol?: number): boolean {
  if (page <= terms.trialPages) return true;
  return readingAccess(terms, { isLogin: false, owns: false, memberFreeVol }).readablePages >= page;
}

/**
 * What the reader offers past the readable pages: sign-up when a member would read them free,
 * else buying. null when everything is readable.
 */
export function offerKind(
  terms: VolumeTerms,
  reader: Reader,
  access: ReadingAccess,
): "signup" | "buy" | null {
  if (access.readablePages >= terms.pageCount) return null;
  return freeOnceSignedUp(terms, reader) ? "signup" : "buy";
}

/** A visitor who would read the whole volume free as a member (spec 001 §1 member-free). */
function freeOnceSignedUp(terms: VolumeTerms, reader: Reader): boolean {
  if (reader.isLogin) return false;
  return readingAccess(terms, { ...reader, isLogin: true }).readablePages >= terms.pageCount;
}

/**
 * The button of the next volume at the end of a volume (the cart-style card rules of spec 000
 * §4): 読む when owned or free to the reader, sign-up for a visitor when a member reads it
 * free, else its cart state; a visitor's volume to pay for, or one not on sale, goes to its
 * page (buy).
 */
export function nextBookButton(
  terms: VolumeTerms,
  reader: Reader & { inCart: boolean },
): ReaderNextBook["button"] {
  if (reader.owns) return "read";
  const access = readingAccess(terms, reader);
  if (access.entitlement !== "trial" && access.entitlement !== "none") return "free_read";
  if (freeOnceSignedUp(terms, reader)) return "signup";
  if (!reader.isLogin) return "buy";
  if (reader.inCart) return "in_cart";
  return terms.onsale ? "cart" : "buy";
}

export type TrackAccess = "full" | "trial" | "none";

export interface TrackFacts {
  /** The listener owns the track's CD. */
  owns: boolean;
  hasTrial: boolean;
  /** When the track was withdrawn on its own (decision 0094); null or absent: it is in the store. */
  withdrawnAt?: Date | null;
  /** When the listener got the CD; needed only to tell who keeps a withdrawn track. */
  acquiredAt?: Date | null;
}

/**
 * Owned: the full track; otherwise its trial file, if it has one; otherwise nothing. A track
 * withdrawn on its own stays whole for those who had the CD before it left and is nothing to
 * everyone else, its trial included: a later purchase of the CD does not give it (decision 0094).
 */
export function trackAccessOf(track: TrackFacts): TrackAccess {
  const withdrawnAt = track.withdrawnAt ?? null;
  if (withdrawnAt !== null) {
    const keptBefore = track.acquiredAt != null && track.acquiredAt < withdrawnAt;
    return track.owns && keptBefore ? "full" : "none";
  }
  if (track.owns) return "full";
  return track.hasTrial ? "trial" : "none";
}

/** Whether a CD's page lists the track to this listener: a withdrawn one only to who keeps it. */
export function trackListed(track: TrackFacts): boolean {
  return (track.withdrawnAt ?? null) === null || trackAccessOf(track) === "full";
}

/**
 * Whether a volume may be kept on the member's device for offline reading (decision 0117): only
 * what they own. A free, campaign-free or member-free volume reads free only while its window is
 * open, and a copy on a device offline cannot learn that the window closed; an owned volume ends
 * only by a refund, which the bookshelf and the reader check for each time they are online.
 */
export function mayDownload(access: ReadingAccess): boolean {
  return access.entitlement === "owned" && access.readablePages > 0;
}
