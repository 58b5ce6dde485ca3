import type { UserItems } from "../../../contract/items";
import type { Db } from "../../db/client";
import { seriesIdsOfItems } from "../catalog/series-lookups";
import { cartItemIds } from "../commerce/service";
import { favoriteSeriesIds, ownedItemIds } from "../library/service";

/**
 * The member's own lists among the items on a page (/api/personal/user/items): which of them are
 * in the cart or owned, and which of their series (or of `seriesIds`) are 気になる.
 */
export async function memberItems(
  db: Db,
  userId: number | null,
  itemIds: readonly number[],
  seriesIds: readonly number[] = [],
): Promise<UserItems> {
  if (userId === null || (itemIds.length === 0 && seriesIds.length === 0)) {
    return { cart_items: [], own_items: [], favorite_series: [] };
  }
  const asked = [...new Set(itemIds)];
  const [cart, own, seriesOfItems] = await Promise.all([
    cartItemIds(db, userId, asked),
    ownedItemIds(db, userId, asked),
    seriesIdsOfItems(db, asked),
  ]);
  const favorite = await favoriteSeriesIds(db, userId, [...seriesOfItems, ...seriesIds]);
  return { cart_items: cart, own_items: own, favorite_series: favorite };
}
