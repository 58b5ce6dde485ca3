import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ownedItemIds } from "../library/service";
import { priceItems } from "../pricing/quote";
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
 * Puts items in the member's cart with the price they see now. Only buyable items (on sale,
 * released, with a price, not free to members) not already owned go in; adding what is already
 * there changes nothing (a double click adds once).
 */
export async function addToCart(
  db: Db,
  userId: number,
  itemIds: readonly number[],
  now = new Date(),
): Promise<number[]> {
  const asked = [...new Set(itemIds)];
  const prices = await priceItems(db, asked, now);
  if (prices.length !== asked.length)
    throw new CartError(404, "お探しの作品が見つかりませんでした");
  const owned = new Set(await ownedItemIds(db, userId, asked));
  const addable = prices.filter((p) => p.buyable && !owned.has(p.itemId));
  if (addable.length === 0) {
    throw new CartError(
      409,
      owned.size > 0 ? "購入済みの作品です" : "この作品はカートに入れられません",
    );
  }
  return db.transaction(async (tx) => {
    const held = await tx.$count(cartItems, eq(cartItems.userId, userId));
    if (held + addable.length > CART_LIMIT) {
      throw new CartError(409, `カートに入れられるのは${CART_LIMIT}点までです`);
    }
    await tx
      .insert(cartItems)
      .values(
        addable.map((p) => ({
          userId,
          itemId: p.itemId,
          itemType: p.itemType,
          seenPrice: p.salePrice,
        })),
      )
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

/** The member's cart lines, oldest first, with the price seen when each was added. */
export async function cartLines(
  db: Db,
  userId: number,
): Promise<Array<{ itemId: number; itemType: number; seenPrice: number | null }>> {
  return db
    .select({
      itemId: cartItems.itemId,
      itemType: cartItems.itemType,
      seenPrice: cartItems.seenPrice,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.itemId));
}

/**
 * /api/cart_update: the member accepts the cart as it is now. Lines no longer buyable leave the
 * cart; the others take today's price as the price seen, which clears need_update.
 */
export async function acceptCartPrices(db: Db, userId: number, now = new Date()): Promise<void> {
  const lines = await cartLines(db, userId);
  const priced = new Map(
    (
      await priceItems(
        db,
        lines.map((l) => l.itemId),
        now,
      )
    ).map((p) => [p.itemId, p]),
  );
  const gone = lines.filter((l) => !priced.get(l.itemId)?.buyable).map((l) => l.itemId);
  await db.transaction(async (tx) => {
    await removeFromCart(tx, userId, gone);
    for (const l of lines) {
      const p = priced.get(l.itemId);
      if (!p?.buyable || p.salePrice === l.seenPrice) continue;
      await tx
        .update(cartItems)
        .set({ seenPrice: p.salePrice })
        .where(and(eq(cartItems.userId, userId), eq(cartItems.itemId, l.itemId)));
    }
  });
}
