import { z } from "zod";
import { couponChoice } from "./input";

/**
 * The cart answer of spec 001 §3 "Cart" (/api/cart, and the /cart page's loader). Amounts are
 * integer yen with tax included:
 *   price = list total; discount = campaign sale reductions; coupon_discount;
 *   subtotal = price − discount − coupon_discount; tax = the tax contained in subtotal,
 *   floor(subtotal·10/110); amount = what is charged (subtotal less points; the cart uses none);
 *   add_point = points the order would earn; price_already_only = the total of the items a
 *   campaign already reduced (what they cost after the sale).
 */

/** /api/cart {coupon}: the coupon to apply; absent: the best one; 0: none. */
export const cartQuery = z.object({
  coupon: couponChoice(),
});
export type CartQuery = z.infer<typeof cartQuery>;

export interface CartLine {
  item_id: number;
  /** 0 volume, 101 drama CD. */
  item_type: number;
  book_id: number | null;
  cd_id: number | null;
  volume: number | null;
  name: string;
  img: string;
  /** List price, tax included. */
  list_price: number;
  /** What it costs now (after a campaign sale), tax included. */
  price: number;
  /** The list price to strike out when on sale; null when not reduced. */
  before_price: number | null;
  /** Whether the price or availability changed since the item was put in the cart. */
  changed: boolean;
  /** Still buyable (on sale, released, not free); a line that is not is left out of the totals. */
  buyable: boolean;
  /** Why it cannot be bought (NOT_BUYABLE_MESSAGES); null when it can. */
  not_buyable_message: string | null;
}

/** The cart's lines grouped by series (drama CDs without a series form their own group). */
export interface CartGroup {
  series_id: number | null;
  series_name: string;
  items: CartLine[];
}

export interface CartCoupon {
  coupon_id: number;
  name: string;
  /** 1 percent off, 2 yen off. */
  discount_type: number;
  discount_value: number;
  /** What it takes off this cart. */
  discount: number;
}

export interface CartTotals {
  price: number;
  price_already_only: number;
  discount: number;
  coupon_discount: number;
  subtotal: number;
  tax: number;
  amount: number;
  add_point: number;
}

export interface CartAnswer extends CartTotals {
  result: true;
  items: CartGroup[];
  /** The member's coupons that apply to this cart, best first. */
  coupons: CartCoupon[];
  /** The coupon applied (0: none). */
  select_coupon: number;
  /** Prices or availability changed since items were added; /api/cart_update accepts them. */
  need_update: boolean;
  /** Items already owned, taken out of the cart: the message says which. */
  duplicate: { item_ids: number[]; message: string } | null;
  /** A coupon the member could still receive applies to the cart (the 新規 coupon offer). */
  is_new_apply_coupon: boolean;
  /** Item types in the cart: 0 volumes, 101 drama CDs. */
  cart_in_item_types: number[];
  cart_count: number;
}

/** Why one item cannot be bought now, said of that item (not of the cart). */
export const NOT_BUYABLE_MESSAGES = {
  free: "この作品は無料でお読みいただけます",
  member_free: "この作品は会員の方は無料でお読みいただけます",
  not_on_sale: "この作品は現在販売しておりません",
  not_released: "この作品はまだ発売されていません",
} as const;
export type NotBuyableReason = keyof typeof NOT_BUYABLE_MESSAGES;

export const DUPLICATE_MESSAGE = "購入済みの作品をカートから削除しました";
export const NEED_UPDATE_MESSAGE = "カート内の作品の価格または販売状況が変更されました";
