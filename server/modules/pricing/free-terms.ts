import type { CampaignEffect } from "./campaign-effect";
import { salePrice } from "./rules";

/**
 * Who reads an item free and what buying it costs, decided here once (decision 0069) for the
 * cart and checkout quote, the reader's terms (entitlements), the series page and the campaign
 * page, so a volume is never free on one page and for sale on another.
 */

/** What the catalog says of an item; a drama CD has no volume and no free flags. */
export interface FreeFacts {
  volume: number | null;
  freeFlag: boolean;
  memberFreeFlag: boolean;
  onsaleFlag: boolean;
}

/**
 * A volume's own windows (decision 0092): its free and member-free flags hold only inside their
 * windows when set, and its own sale price only inside the sale window. An open end is no bound.
 */
export interface CatalogWindows {
  freeStartAt?: Date | null;
  freeEndAt?: Date | null;
  memberFreeStartAt?: Date | null;
  memberFreeEndAt?: Date | null;
  salePriceInc?: number | null;
  saleStartAt?: Date | null;
  saleEndAt?: Date | null;
}

/** Inside [start, end): started (or no start) and not yet ended (or no end). */
export function withinWindow(
  start: Date | null | undefined,
  end: Date | null | undefined,
  now: Date,
): boolean {
  return (start == null || start <= now) && (end == null || end > now);
}

/** The catalog's free flags as they stand at `now`, their windows applied. */
export function catalogFreeAt<T extends FreeFacts>(item: T & CatalogWindows, now: Date): T {
  return {
    ...item,
    freeFlag: item.freeFlag && withinWindow(item.freeStartAt, item.freeEndAt, now),
    memberFreeFlag:
      item.memberFreeFlag && withinWindow(item.memberFreeStartAt, item.memberFreeEndAt, now),
  };
}

/** What the volume sells for at `now` before any campaign: its own sale price inside its window. */
export function ownPriceAt(priceInc: number, item: CatalogWindows, now: Date): number {
  const sale = item.salePriceInc;
  return sale != null && sale < priceInc && withinWindow(item.saleStartAt, item.saleEndAt, now)
    ? sale
    : priceInc;
}

/** Where an item's free reading comes from. */
export type FreeSource = "catalog" | "campaign";

export interface FreeTerms {
  /** Free for everyone who may have it free (card free_flag): catalog free or a 102 campaign. */
  free: boolean;
  /** Free for members only (card member_free_flag): catalog member-free or a 103 campaign. */
  memberFree: boolean;
  /** Where the free reading comes from, when free or memberFree. */
  freeSource: FreeSource | null;
}

/**
 * The catalog's own free flags stand as stored (a member-free volume not out yet is shown as
 * ComingSoon, spec 000 §4). A running 102/103 campaign frees its first volumes only while they are
 * on sale: a campaign frees what can be read during it, so a volume still to come is sold at its
 * price when it comes out, not promised free.
 */
export function freeTerms(
  item: FreeFacts,
  effect: Pick<CampaignEffect, "freeCount" | "memberFreeCount">,
): FreeTerms {
  const covered = (count: number) =>
    item.onsaleFlag && item.volume !== null && item.volume <= count;
  const free = item.freeFlag || covered(effect.freeCount);
  const memberFree = !free && (item.memberFreeFlag || covered(effect.memberFreeCount));
  const freeSource: FreeSource | null = free
    ? item.freeFlag
      ? "catalog"
      : "campaign"
    : memberFree
      ? item.memberFreeFlag
        ? "catalog"
        : "campaign"
      : null;
  return { free, memberFree, freeSource };
}

/** Free to a member: free to everyone, or to members only. */
export function freeToMembers(terms: Pick<FreeTerms, "free" | "memberFree">): boolean {
  return terms.free || terms.memberFree;
}

/**
 * What a member pays for the item now, tax included: 0 when it is free to members, else the lower
 * of its own price now (ownPriceAt: a sale inside its window) and its list price under the
 * running campaign sale. The two reductions do not stack: the member gets the better one.
 */
export function memberPrice(
  priceInc: number,
  effect: Pick<CampaignEffect, "salePct">,
  terms: Pick<FreeTerms, "free" | "memberFree">,
  ownPrice = priceInc,
): number {
  return freeToMembers(terms) ? 0 : Math.min(ownPrice, salePrice(priceInc, effect.salePct));
}
