import { Hono } from "hono";
import { z } from "zod";
import { type CartAnswer, cartQuery } from "../../../contract/cart";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError } from "../../lib/errors";
import { readFields, readJson } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { acceptCartPrices, addToCart, CartError, clearCart, removeFromCart } from "./cart";
import { cartSummary } from "./service";

const CART_LOGIN = "カートのご利用にはログインが必要です";

const itemList = z.object({
  items: z
    .array(z.number().int().min(1).max(2_147_483_647))
    .max(200, "一度に扱えるのは200点までです"),
});

async function counts(services: AppServices, userId: number) {
  const cart = await cartSummary(services.db, userId);
  return { cart_count: cart.count, cart_price: cart.price };
}

/** The cart answer, assembled in server/pages/cart.ts; the router registry hands it in. */
export interface CartPages {
  cartPage(db: Db, userId: number, query: { coupon?: number }, now?: Date): Promise<CartAnswer>;
}

/** The cart calls of spec 001 §7.4: the cart, add, remove, clear, update, count. */
export function cartRoutes(services: AppServices, { cartPage }: CartPages) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.post("/cart_add", async (c) => {
    const member = requireMember(c, CART_LOGIN);
    const { items } = await readJson(c, itemList);
    // Spec 001 §5: adding an empty list does nothing and answers false.
    if (items.length === 0) return c.json({ result: false });
    try {
      const added = await addToCart(db, member.userId, items);
      return c.json({ result: true, items: added, ...(await counts(services, member.userId)) });
    } catch (error) {
      if (error instanceof CartError) throw new ApiError(error.status, error.message);
      throw error;
    }
  });

  routes.post("/cart_remove", async (c) => {
    const member = requireMember(c, CART_LOGIN);
    const { items } = await readJson(c, itemList);
    await removeFromCart(db, member.userId, items);
    return c.json({ result: true, ...(await counts(services, member.userId)) });
  });

  routes.post("/cart_clear", async (c) => {
    const member = requireMember(c, CART_LOGIN);
    await clearCart(db, member.userId);
    return c.json({ result: true, ...(await counts(services, member.userId)) });
  });

  routes.post("/cart", async (c) => {
    const member = requireMember(c, CART_LOGIN);
    const query = await readFields(c, cartQuery);
    return c.json(await cartPage(db, member.userId, query));
  });

  /** The member accepts changed prices: unbuyable lines leave, the rest take today's price. */
  routes.post("/cart_update", async (c) => {
    const member = requireMember(c, CART_LOGIN);
    await acceptCartPrices(db, member.userId);
    return c.json({ result: true, ...(await counts(services, member.userId)) });
  });

  routes.post("/cart_count", async (c) => {
    const member = c.get("member");
    if (!member) return c.json({ result: true, cart_count: 0, cart_price: 0 });
    return c.json({ result: true, ...(await counts(services, member.userId)) });
  });

  return routes;
}
