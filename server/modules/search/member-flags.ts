import type { SeriesItem } from "../../../contract/items";
import type { Db } from "../../db/client";
import { cartItemIds } from "../commerce/service";
import { favoriteSeriesIds, ownedItemIds } from "../library/service";

/**
 * A personal answer carries the member's own flags (cart_flag, get_flag, favorite_flag) on the
 * cards, which shared answers leave false for /api/personal/user/items to set.
 */
export async function withMemberFlags(
  db: Db,
  memberId: number,
  items: SeriesItem[],
): Promise<SeriesItem[]> {
  if (items.length === 0) return items;
  const itemIds = items.map((i) => i.item_id).filter((id): id is number => id !== null);
  const [cart, own, favorite] = await Promise.all([
    cartItemIds(db, memberId, itemIds),
    ownedItemIds(db, memberId, itemIds),
    favoriteSeriesIds(
      db,
      memberId,
      items.map((i) => i.series_id),
    ),
  ]);
  const inCart = new Set(cart);
  const owned = new Set(own);
  const favorites = new Set(favorite);
  return items.map((item) => ({
    ...item,
    cart_flag: item.item_id !== null && inCart.has(item.item_id),
    get_flag: item.item_id !== null && owned.has(item.item_id),
    favorite_flag: favorites.has(item.series_id),
  }));
}
