import type { DramaCdItem } from "../../../contract/items";
import type { Db } from "../../db/client";
import { runningCampaignsFor } from "../campaign/item-campaigns";
import { dramaCdPrices } from "../catalog/series-lookups";
import { artAddresses } from "../content/art-addresses";
import { cdCardFacts } from "../dramacd/cd-card-facts";
import { campaignEffect } from "../pricing/campaign-effect";

/**
 * Drama CD cards (contract DramaCdItem) in the order asked; unknown ids are left out. User flags
 * are false, as in every shared answer. A fixed number of queries whatever the number of ids.
 */
export async function dramaCdItems(
  db: Db,
  cdIds: readonly number[],
  opts: { now?: Date } = {},
): Promise<DramaCdItem[]> {
  const ids = [...new Set(cdIds.filter((id) => Number.isInteger(id) && id > 0))];
  if (ids.length === 0) return [];
  const now = opts.now ?? new Date();
  const [{ cds, castRows, trialRows }, prices, running, art] = await Promise.all([
    cdCardFacts(db, ids),
    dramaCdPrices(db, ids),
    runningCampaignsFor(db, { cdIds: ids }, now),
    artAddresses(db, { jackets: ids }),
  ]);
  const castsOf = new Map<number, Array<{ cast_id: number; name: string }>>();
  for (const c of castRows) {
    const list = castsOf.get(c.cdId) ?? [];
    list.push({ cast_id: c.castId, name: c.name });
    castsOf.set(c.cdId, list);
  }
  const trialOf = new Map(trialRows.map((t) => [t.cdId, t.trial]));
  const priceOf = new Map<number, (typeof prices)[number]>();
  for (const p of prices) if (p.cdId !== null && !priceOf.has(p.cdId)) priceOf.set(p.cdId, p);
  const byId = new Map(cds.map((cd) => [cd.cdId, cd]));
  const out: DramaCdItem[] = [];
  for (const id of ids) {
    const cd = byId.get(id);
    const price = priceOf.get(id);
    if (!cd || !price) continue;
    const effect = campaignEffect(
      running.filter((c) => c.cdId === id),
      price.itemId,
    );
    const released = cd.saleStartDate <= now && (!cd.saleEndDate || cd.saleEndDate > now);
    const discounted = price.beforePriceInc !== null && price.beforePriceInc > price.priceInc;
    out.push({
      cd_id: cd.cdId,
      item_id: price.itemId,
      img: art.jacket(cd.cdId),
      name: cd.name,
      appeal_text: cd.appealText ?? "",
      appeal_tags: cd.appealTags,
      casts: castsOf.get(id) ?? [],
      sale_pct: discounted
        ? Math.round((1 - price.priceInc / price.beforePriceInc!) * 100)
        : effect.salePct,
      coupon_discount_type: null,
      coupon_discount_value: null,
      sale_flag: discounted,
      before_price_inc: discounted ? price.beforePriceInc : null,
      price_inc: price.priceInc,
      coupon_flag: effect.couponFlag,
      onsale_flag: price.onsaleFlag && released,
      trial_file_name: trialOf.get(id) ?? null,
      get_flag: false,
      cart_flag: false,
    });
  }
  return out;
}
