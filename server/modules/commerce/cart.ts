import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { itemPrices } from "../catalog/service";
import { ownedItemIds } from "../library/service";
import { cartItems } from "./schema";

export class CartError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** Most items one cart holds; a full series of a long manga still fits. */
export const CART_LIMIT = 200;

/**
 * Puts items in the member's cart. Only items on sale, with a price, and not already owned go
 * in; adding what is already there changes nothing (a double click adds once).
 */
export async function addToCart(
  db: Db,
  userId: number,
  itemIds: readonly number[],
): Promise<number[]> {
  const asked = [...new Set(itemIds)];
  const prices = await itemPrices(db, asked);
  if (prices.length !== asked.length)
    throw new CartError(404, "お探しの作品が見つかりませんでした");
  const owned = new Set(await ownedItemIds(db, userId, asked));
  const addable = prices.filter((p) => p.onsaleFlag && p.priceInc > 0 && !owned.has(p.itemId));
  if (addable.length === 0) {
    throw new CartError(
      409,
      owned.size > 0 ? "購入済みの作品です" : "この作品はカートに入れられません",
    );
  }
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const held = await t.$count(cartItems, eq(cartItems.userId, userId));
    if (held + addable.length > CART_LIMIT) {
      throw new CartError(409, `カートに入れられるのは${CART_LIMIT}点までです`);
    }
    await t
      .insert(cartItems)
      .values(addable.map((p) => ({ userId, itemId: p.itemId, itemType: p.itemType })))
      .onConflictDoNothing();
    return addable.map((p) => p.itemId);
  });
}

export async function removeFromCart(
  db: Db,
  userId: number,
  itemIds: readonly number[],
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.itemId, [...itemIds])));
}

export async function clearCart(db: Db, userId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
