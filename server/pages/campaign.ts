import {
  CAMPAIGN_PAGE_SIZE,
  type CampaignListAnswer,
  type CampaignPageAnswer,
  type CampaignTargetView,
  matchesFilter,
  type OtokuFilter,
  pattern,
} from "../../contract/campaign";
import type { Db } from "../db/client";
import { Ended, NotFound } from "../lib/errors";
import { editorCampaign } from "../modules/campaign/editing";
import {
  type CampaignPageResult,
  campaignById,
  campaignTargetPage,
  categoryCounts,
  runningCampaignEntries,
} from "../modules/campaign/service";
import { dramaCdItems } from "../modules/cards/cd-items";
import { bookItems, seriesItems } from "../modules/cards/series-items";
import { bookIdsOfItems, paidVolumesOf } from "../modules/catalog/series-lists";
import { memberItemsOf } from "../modules/commerce/member-flags";
import { priceItems } from "../modules/pricing/quote";

/**
 * The campaign list (/otoku, /campaign): running campaigns of a genre, optionally one filter;
 * the category counts are over the genre's whole list so the filter tabs keep their numbers.
 */
export async function campaignList(
  db: Db,
  opts: { genre?: number | null; filter?: OtokuFilter | null; ts: number },
  now = new Date(),
): Promise<CampaignListAnswer> {
  const all = await runningCampaignEntries(db, now, opts.genre);
  return {
    campaign: all.filter((c) => matchesFilter(c, opts.filter ?? null)),
    category: categoryCounts(all),
    ts: opts.ts,
  };
}

/**
 * One page of a campaign (spec 001 §3 "Campaign page"). Without a member the user flags are false
 * (the shared answer); with one they are set and the bundle leaves out what they own or hold.
 */
export async function campaignPage(
  db: Db,
  campaignId: number,
  pageNo: number,
  userId: number | null,
  now = new Date(),
): Promise<CampaignPageResult> {
  const found = await campaignById(db, campaignId, now);
  if (!found) return { state: "missing" };
  if (found.state !== "running") return { state: found.state };
  const limit = CAMPAIGN_PAGE_SIZE;
  const { rows, total } = await campaignTargetPage(db, campaignId, limit, (pageNo - 1) * limit);

  const seriesIds = rows
    .filter((r) => r.seriesId !== null && r.itemId === null)
    .map((r) => r.seriesId!);
  const volumeItemIds = rows
    .filter((r) => r.seriesId !== null && r.itemId !== null)
    .map((r) => r.itemId!);
  const cdIds = rows.filter((r) => r.cdId !== null).map((r) => r.cdId!);
  const bookIdOf = await bookIdsOfItems(db, volumeItemIds);
  const allSeriesIds = rows.filter((r) => r.seriesId !== null).map((r) => r.seriesId!);
  const [seriesCards, volumeCards, cdCards, volumes] = await Promise.all([
    seriesItems(db, seriesIds, { now }),
    bookItems(db, [...bookIdOf.values()], { now }),
    dramaCdItems(db, cdIds, { now }),
    paidVolumesOf(db, seriesIds),
  ]);
  const seriesCard = new Map(seriesCards.map((c) => [c.series_id, c]));
  const volumeCard = new Map(volumeCards.map((c) => [c.item_id, c]));
  const cdCard = new Map(cdCards.map((c) => [c.cd_id, c]));

  const targets: CampaignTargetView[] = rows.map((r) => {
    const item =
      r.seriesId === null
        ? null
        : r.itemId !== null
          ? (volumeCard.get(r.itemId) ?? null)
          : (seriesCard.get(r.seriesId) ?? null);
    const cd = r.cdId !== null ? (cdCard.get(r.cdId) ?? null) : null;
    return {
      item_id: r.itemId ?? item?.item_id ?? cd?.item_id ?? null,
      series_id: r.seriesId,
      cd_id: r.cdId,
      cart_flag: false,
      get_flag: false,
      favorite_flag: false,
      item,
      cd,
    };
  });

  // What can be bought now and its price are the checkout's own quote (decision 0069): on sale,
  // out, not free to members, with a price.
  const targetItemIds = targets.map((t) => t.item_id).filter((id): id is number => id !== null);
  const quoted = await priceItems(db, [...targetItemIds, ...volumes.map((v) => v.itemId)], now);
  const sellable = new Map(
    quoted.filter((p) => p.buyable && p.salePrice > 0).map((p) => [p.itemId, p.salePrice]),
  );

  // Each series target's volumes a reader can buy now.
  const child = new Map<number, number[]>();
  for (const v of volumes) {
    if (!sellable.has(v.itemId)) continue;
    child.set(v.seriesId, [...(child.get(v.seriesId) ?? []), v.itemId]);
  }

  let own = new Set<number>();
  let cart = new Set<number>();
  if (userId !== null) {
    const ids = [...targetItemIds, ...[...child.values()].flat()];
    const lists = await memberItemsOf(db, userId, ids, allSeriesIds);
    own = new Set(lists.own_items);
    cart = new Set(lists.cart_items);
    const favorites = new Set(lists.favorite_series);
    for (const t of targets) {
      t.get_flag = t.item_id !== null && own.has(t.item_id);
      t.cart_flag = t.item_id !== null && cart.has(t.item_id);
      t.favorite_flag = t.series_id !== null && favorites.has(t.series_id);
      if (t.item) {
        t.item = {
          ...t.item,
          get_flag: t.get_flag,
          cart_flag: t.cart_flag,
          favorite_flag: t.favorite_flag,
        };
      }
      if (t.cd) t.cd = { ...t.cd, get_flag: t.get_flag, cart_flag: t.cart_flag };
    }
  }
  const buyable = (itemId: number) => !own.has(itemId) && !cart.has(itemId);

  const bundleChild: Record<string, number[]> = {};
  for (const [sid, list] of child) {
    const ids = list.filter(buyable);
    if (ids.length > 0) bundleChild[String(sid)] = ids;
  }
  const picks: Array<{ itemId: number; price: number }> = [];
  for (const itemId of new Set(targetItemIds)) {
    const price = sellable.get(itemId);
    if (price !== undefined && buyable(itemId)) picks.push({ itemId, price });
  }
  return {
    state: "running",
    answer: {
      campaign: found.entry,
      targets,
      pattern: pattern(pageNo, limit, total),
      bundle: {
        item_ids: picks.map((p) => p.itemId),
        count: picks.length,
        price_inc: picks.reduce((sum, p) => sum + p.price, 0),
      },
      bundle_child: bundleChild,
    },
  };
}

/**
 * A running campaign's page, or the typed failure the API (JSON with error_url) and the page
 * (its 404) both answer for a campaign that has ended or never existed.
 */
export async function runningCampaignPage(
  db: Db,
  campaignId: number,
  pageNo: number,
  userId: number | null,
) {
  const found = await campaignPage(db, campaignId, pageNo, userId);
  if (found.state === "running") return found.answer;
  if (found.state === "ended") {
    throw new Ended("このキャンペーンは終了しました", { error_url: "/otoku" });
  }
  throw new NotFound("お探しのキャンペーンは見つかりませんでした", { error_url: "/otoku" });
}

/**
 * A campaign's page as a shopper will see it while it runs, for staff (decision 0101): one not
 * yet started is shown at its start, one ended at its last second, with a visitor's flags. The
 * instant it is shown at comes back so the page can say so.
 */
export async function campaignPreviewPage(
  db: Db,
  campaignId: number,
  pageNo: number,
  now = new Date(),
): Promise<{ answer: CampaignPageAnswer; at: Date }> {
  const found = await editorCampaign(db, campaignId);
  if (!found) throw new NotFound("お探しのキャンペーンは見つかりませんでした");
  const { startAt, endAt } = found.campaign;
  const at =
    startAt > now
      ? startAt
      : endAt !== null && endAt <= now
        ? new Date(endAt.getTime() - 1000)
        : now;
  const page = await campaignPage(db, campaignId, pageNo, null, at);
  if (page.state !== "running") throw new NotFound("お探しのキャンペーンは見つかりませんでした");
  return { answer: page.answer, at };
}
