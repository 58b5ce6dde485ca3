import { randomBytes } from "node:crypto";
import {
  type CartAnswer,
  type CartCoupon,
  type CartGroup,
  type CartLine,
  DUPLICATE_MESSAGE,
  NOT_BUYABLE_MESSAGES,
} from "../../contract/cart";
import type { CheckoutAnswer } from "../../contract/checkout";
import { CARRIER_BILLING_LIMIT, PAYMENT_PLACEHOLDER } from "../../contract/checkout-rules";
import { canUsePoints } from "../../contract/points";
import type { Db } from "../db/client";
import { NotFound } from "../lib/errors";
import { cartLines, removeFromCart } from "../modules/commerce/cart";
import { memberCouponTerms, receivableCouponTerms } from "../modules/commerce/coupon-terms";
import { pendingOrdersOf } from "../modules/commerce/orders";
import { memberCards } from "../modules/commerce/payment-cards";
import { lastPaymentType, offeredPaymentTypes, pointBalance } from "../modules/commerce/service";
import { type ArtAddresses, artAddressesOfLines } from "../modules/content/art-addresses";
import { ownedItemIds } from "../modules/library/service";
import { type PricedItem, priceItems } from "../modules/pricing/quote";
import {
  bestCoupon,
  type CouponTerms,
  couponDiscount,
  orderTotals,
} from "../modules/pricing/rules";

/** What a cart or checkout is made of before the answer is shaped. */
interface Basket {
  priced: PricedItem[];
  changed: Set<number>;
  duplicate: number[];
}

/**
 * The member's cart read for an answer: items already owned leave it (duplicate), the rest are
 * priced now and compared with the price seen when they were added.
 */
async function memberCart(db: Db, userId: number, now: Date): Promise<Basket> {
  const lines = await cartLines(db, userId);
  const owned = await ownedItemIds(
    db,
    userId,
    lines.map((l) => l.itemId),
  );
  if (owned.length > 0) await removeFromCart(db, userId, owned);
  const ownedSet = new Set(owned);
  const kept = lines.filter((l) => !ownedSet.has(l.itemId));
  const priced = await priceItems(
    db,
    kept.map((l) => l.itemId),
    now,
  );
  const byId = new Map(priced.map((p) => [p.itemId, p]));
  const changed = new Set<number>();
  for (const l of kept) {
    const p = byId.get(l.itemId);
    if (!p?.buyable || (l.seenPrice !== null && l.seenPrice !== p.salePrice)) {
      changed.add(l.itemId);
    }
  }
  return { priced, changed, duplicate: owned };
}

function groupLines(
  priced: readonly PricedItem[],
  changed: ReadonlySet<number>,
  art: ArtAddresses,
): CartGroup[] {
  const groups = new Map<string, CartGroup>();
  for (const p of priced) {
    const key = p.seriesId !== null ? `s${p.seriesId}` : `c${p.cdId ?? p.itemId}`;
    const group = groups.get(key) ?? {
      series_id: p.seriesId,
      series_name: p.seriesName ?? p.name,
      items: [],
    };
    const line: CartLine = {
      item_id: p.itemId,
      item_type: p.itemType,
      book_id: p.bookId,
      cd_id: p.cdId,
      volume: p.volume,
      name: p.name,
      // The cart shows the volume's cover or the CD's jacket; pricing answers prices only.
      img: p.cdId !== null ? art.jacket(p.cdId) : p.bookId !== null ? art.cover(p.bookId) : "",
      list_price: p.listPrice,
      price: p.salePrice,
      before_price: p.salePrice < p.listPrice ? p.listPrice : null,
      changed: changed.has(p.itemId),
      buyable: p.buyable,
      not_buyable_message: p.notBuyable ? NOT_BUYABLE_MESSAGES[p.notBuyable] : null,
    };
    group.items.push(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The coupons that apply to these lines, most saving first. */
function applicableCoupons(
  terms: readonly CouponTerms[],
  lines: readonly PricedItem[],
  now: Date,
): Array<CartCoupon & { terms: CouponTerms }> {
  return terms
    .map((t) => ({
      coupon_id: t.couponId,
      name: t.name,
      discount_type: t.discountType,
      discount_value: t.discountValue,
      discount: couponDiscount(t, lines, now),
      terms: t,
    }))
    .filter((c) => c.discount > 0)
    .sort((a, b) => b.discount - a.discount || a.coupon_id - b.coupon_id);
}

async function answerFor(
  db: Db,
  userId: number,
  basket: Basket,
  coupon: number | undefined,
  now: Date,
): Promise<CartAnswer> {
  const buyable = basket.priced.filter((p) => p.buyable);
  const [held, receivable, art] = await Promise.all([
    memberCouponTerms(db, userId, now),
    receivableCouponTerms(db, userId, now),
    artAddressesOfLines(db, basket.priced),
  ]);
  const usable = applicableCoupons(held, buyable, now);
  const chosen =
    coupon === undefined
      ? bestCoupon(held, buyable, now)
      : (usable.find((c) => c.coupon_id === coupon)?.terms ?? null);
  const totals = orderTotals(buyable, chosen, { balance: 0, asked: 0 }, now);
  return {
    result: true,
    price: totals.price,
    price_already_only: totals.price_already_only,
    discount: totals.discount,
    coupon_discount: totals.coupon_discount,
    subtotal: totals.subtotal,
    tax: totals.tax,
    amount: totals.amount,
    add_point: totals.add_point,
    items: groupLines(basket.priced, basket.changed, art),
    coupons: usable.map(({ terms: _, ...c }) => c),
    select_coupon: chosen?.couponId ?? 0,
    need_update: basket.changed.size > 0,
    duplicate:
      basket.duplicate.length > 0
        ? { item_ids: basket.duplicate, message: DUPLICATE_MESSAGE }
        : null,
    is_new_apply_coupon: receivable.some((t) => couponDiscount(t, buyable, now) > 0),
    cart_in_item_types: [...new Set(basket.priced.map((p) => p.itemType))].sort((a, b) => a - b),
    cart_count: basket.priced.length,
  };
}

/**
 * The cart (spec 001 §3 "Cart"): /api/cart and the /cart page's loader. coupon: absent picks the
 * best coupon, 0 none, an id that coupon when it applies (else none).
 */
export async function cartPage(
  db: Db,
  userId: number,
  query: { coupon?: number },
  now = new Date(),
): Promise<CartAnswer> {
  const basket = await memberCart(db, userId, now);
  return answerFor(db, userId, basket, query.coupon, now);
}

/** A new checkout token: the page sends it back with /api/checkout so a retry buys once. */
export function newCheckoutToken(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * The checkout page (spec 001 §3 "Checkout"): /order buys the whole cart, /order/{itemId} one
 * volume now (it need not be in the cart). Points are shown when the balance is 50 or more;
 * used_point starts at 0 and the page lets the member choose all, none or an amount.
 */
export async function checkoutPage(
  db: Db,
  userId: number,
  query: { item?: number; coupon?: number; gift?: boolean },
  now = new Date(),
): Promise<CheckoutAnswer> {
  let basket: Basket;
  if (query.item !== undefined) {
    const [owned, priced] = await Promise.all([
      // A gift is bought for someone else: the buyer owning it is no reason to stop.
      query.gift ? [] : ownedItemIds(db, userId, [query.item]),
      priceItems(db, [query.item], now),
    ]);
    if (priced.length === 0) throw new NotFound("お探しの作品が見つかりませんでした");
    basket = {
      priced: owned.length > 0 ? [] : priced,
      changed: new Set(priced.filter((p) => !p.buyable).map((p) => p.itemId)),
      duplicate: owned,
    };
  } else {
    basket = await memberCart(db, userId, now);
  }
  const [cart, ledger, pending, offered, last, cards] = await Promise.all([
    answerFor(db, userId, basket, query.coupon, now),
    pointBalance(db, userId, now),
    pendingOrdersOf(db, userId),
    offeredPaymentTypes(db),
    lastPaymentType(db, userId),
    memberCards(db, userId, now),
  ]);
  const balance = ledger + pending.reduce((sum, p) => sum + p.usedPoint, 0);
  const lastOffered = offered.some((o) => o.payment_type === last);
  return {
    ...cart,
    used_point: 0,
    point: balance,
    point_usable: canUsePoints(balance),
    items_child: cart.items,
    token: newCheckoutToken(),
    payment_type: [{ ...PAYMENT_PLACEHOLDER }, ...offered],
    select_payment: lastOffered ? last : PAYMENT_PLACEHOLDER.payment_type,
    last_payment: last,
    all_payment_type_flag: cart.amount <= CARRIER_BILLING_LIMIT,
    pending_order_id: pending.at(-1)?.orderId ?? null,
    saved_cards: cards,
  };
}
