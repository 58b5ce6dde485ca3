import type { HomeContent } from "../../../contract/home";
import type { UserItems } from "../../../contract/items";
import {
  applyUserItems,
  applyUserItemsToContent,
  contentCards,
  type FlaggedItem,
  itemIdsOf,
} from "../../../contract/user-items";
import type { Db } from "../../db/client";
import { seriesIdsOfItems } from "../catalog/series-lookups";
import { favoriteSeriesIds, ownedItemIds } from "../library/service";
import { cartItemIds } from "./service";

const NO_ITEMS: UserItems = { cart_items: [], own_items: [], favorite_series: [] };

/** The member's lists among items whose series the caller already knows (no lookup). */
export async function memberItemsOf(
  db: Db,
  userId: number,
  itemIds: readonly number[],
  seriesIds: readonly number[],
): Promise<UserItems> {
  const [cart, own, favorite] = await Promise.all([
    cartItemIds(db, userId, itemIds),
    ownedItemIds(db, userId, itemIds),
    favoriteSeriesIds(db, userId, [...new Set(seriesIds)]),
  ]);
  return { cart_items: cart, own_items: own, favorite_series: favorite };
}

/**
 * The member's own lists among the items on a page (/api/personal/user/items): which of them are
 * in the cart or owned, and which of their series (or of `seriesIds`) are 気になる. The page
 * only knows item ids, so the series are looked up here.
 */
export async function memberItems(
  db: Db,
  userId: number | null,
  itemIds: readonly number[],
  seriesIds: readonly number[] = [],
): Promise<UserItems> {
  if (userId === null || (itemIds.length === 0 && seriesIds.length === 0)) return NO_ITEMS;
  const asked = [...new Set(itemIds)];
  const seriesOfItems = await seriesIdsOfItems(db, asked);
  return memberItemsOf(db, userId, asked, [...seriesOfItems, ...seriesIds]);
}

/**
 * A personal answer carries the member's own flags (cart_flag, get_flag, favorite_flag) on the
 * cards, which shared answers leave false for /api/personal/user/items to set; both go through
 * the one applyUserItems the browser uses.
 */
export async function withMemberFlags<T extends FlaggedItem>(
  db: Db,
  memberId: number | null,
  items: T[],
): Promise<T[]> {
  if (memberId === null || items.length === 0) return items;
  const lists = await memberItemsOf(db, memberId, itemIdsOf(items), seriesIdsOf(items));
  return applyUserItems(items, lists);
}

/** withMemberFlags over every card of a home section, whatever it renders. */
export async function withMemberFlagsOnContent(
  db: Db,
  memberId: number | null,
  content: HomeContent,
): Promise<HomeContent> {
  const cards = contentCards(content);
  if (memberId === null || cards.length === 0) return content;
  const lists = await memberItemsOf(db, memberId, itemIdsOf(cards), seriesIdsOf(cards));
  return applyUserItemsToContent(content, lists);
}

function seriesIdsOf(items: readonly FlaggedItem[]): number[] {
  return items.flatMap((i) => (i.series_id !== undefined ? [i.series_id] : []));
}
