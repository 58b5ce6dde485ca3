import type { NotBuyableReason } from "../../../contract/cart";
import type { Db } from "../../db/client";
import { runningCampaignsFor } from "../campaign/item-campaigns";
import { genreIdsOfSeries, itemSaleFacts } from "../catalog/service";
import { cdSaleFacts } from "../dramacd/service";
import { campaignEffect } from "./campaign-effect";
import { catalogFreeAt, freeTerms, memberPrice, ownPriceAt } from "./free-terms";
import type { PriceLine } from "./rules";

/** One item as a member would buy it now: its price, and the names a receipt lists it by. */
export interface PricedItem extends PriceLine {
  name: string;
  seriesName: string | null;
  bookId: number | null;
  volume: number | null;
  /** On sale, released, with a price and not free to members: it can be bought now. */
  buyable: boolean;
  /** Why it cannot be bought now; null when it can. */
  notBuyable: NotBuyableReason | null;
}

/**
 * Prices these items from the database as of `now` (campaign sales, a CD's own reduction), in
 * the order asked; unknown ids are left out. A fixed number of queries whatever the number.
 */
export async function priceItems(
  db: Db,
  itemIds: readonly number[],
  now: Date,
): Promise<PricedItem[]> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return [];
  const facts = await itemSaleFacts(db, ids, now);
  const seriesIds = [
    ...new Set(facts.map((f) => f.seriesId).filter((id): id is number => id !== null)),
  ];
  const cdIds = [...new Set(facts.map((f) => f.cdId).filter((id): id is number => id !== null))];
  const [running, genres, cds] = await Promise.all([
    runningCampaignsFor(db, { seriesIds, cdIds }, now),
    genreIdsOfSeries(db, seriesIds),
    cdSaleFacts(db, cdIds),
  ]);
  const cdOf = new Map(cds.map((c) => [c.cdId, c]));
  const byId = new Map(facts.map((f) => [f.itemId, f]));
  const out: PricedItem[] = [];
  for (const id of ids) {
    const f = byId.get(id);
    if (!f) continue;
    const cd = f.cdId !== null ? cdOf.get(f.cdId) : undefined;
    const covering = running.filter((c) =>
      f.cdId !== null ? c.cdId === f.cdId : f.seriesId !== null && c.seriesId === f.seriesId,
    );
    const effect = campaignEffect(covering, f.itemId);
    const seriesId = f.seriesId ?? cd?.seriesId ?? null;
    const reduced = f.beforePriceInc !== null && f.beforePriceInc > f.priceInc;
    const listPrice = reduced ? f.beforePriceInc! : f.priceInc;
    const volume = f.volume;
    const terms = freeTerms(catalogFreeAt(f, now), effect);
    const released = cd
      ? !cd.draft &&
        cd.withdrawnAt === null &&
        cd.saleStartDate <= now &&
        (cd.saleEndDate === null || cd.saleEndDate > now)
      : f.itemStartDate === null || f.itemStartDate <= now;
    const sale = memberPrice(f.priceInc, effect, terms, ownPriceAt(f.priceInc, f, now));
    // What is not on sale or not out yet cannot be read free either; a sale price of 0 without
    // a free flag is free all the same.
    const notBuyable: NotBuyableReason | null = !f.onsaleFlag
      ? "not_on_sale"
      : !released
        ? "not_released"
        : terms.free || (!terms.memberFree && sale <= 0)
          ? "free"
          : terms.memberFree
            ? "member_free"
            : null;
    out.push({
      itemId: f.itemId,
      itemType: f.itemType,
      seriesId,
      cdId: f.cdId,
      genreIds: seriesId !== null ? (genres.get(seriesId) ?? []) : [],
      listPrice,
      salePrice: sale,
      couponCampaignIds: covering
        .filter((c) => c.couponFlag && (c.itemId === null || c.itemId === f.itemId))
        .map((c) => c.campaignId),
      name: cd ? cd.name : (f.title ?? ""),
      seriesName: f.seriesName,
      bookId: f.bookId,
      volume,
      buyable: notBuyable === null,
      notBuyable,
    });
  }
  return out;
}
