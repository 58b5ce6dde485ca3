import { genreName } from "../../contract/genres";
import type { GiftView } from "../../contract/gift-rules";
import { type GenreRef, productUrl } from "../../contract/items";
import {
  monthText,
  type OrderDetailAnswer,
  type OrderHistoryAnswer,
  type OrderLine,
  type OrderSummary,
  readUrl,
} from "../../contract/orders";
import { tokyoDateTime, tokyoMonth } from "../../contract/tokyo-time";
import type { Db } from "../db/client";
import { genreIdsOfSeries, volumesOfSeries } from "../modules/catalog/service";
import { giftsOfOrders } from "../modules/commerce/gifts";
import {
  memberOrder,
  type OrderRecord,
  orderMonths,
  ordersInMonth,
} from "../modules/commerce/orders";
import { cartItemIds } from "../modules/commerce/service";
import { type ArtAddresses, artAddressesOfLines } from "../modules/content/art-addresses";
import { ownedItemIds } from "../modules/library/service";

function line(item: OrderRecord["items"][number], art: ArtAddresses, refunded: boolean): OrderLine {
  const shape = { book_id: item.bookId, series_id: item.seriesId, cd_id: item.cdId };
  const isBook = item.bookId !== null;
  return {
    item_id: item.itemId,
    item_type: item.itemType,
    series_id: item.seriesId,
    book_id: item.bookId,
    cd_id: item.cdId,
    name: item.name,
    img: isBook ? art.cover(item.bookId!) : item.cdId !== null ? art.jacket(item.cdId) : "",
    url: productUrl(shape),
    read_url: readUrl(shape),
    price_inc: item.priceInc,
    discount: item.discount,
    refunded,
  };
}

function summary(
  record: OrderRecord,
  art: ArtAddresses,
  gifts: ReadonlyMap<number, GiftView>,
): OrderSummary {
  const o = record.order;
  const items = record.items.map((item) => line(item, art, record.refunds.has(item.orderItemId)));
  const refunds = [...record.refunds.values()];
  return {
    order_id: o.orderId,
    status: o.status,
    order_date: tokyoDateTime(o.createdAt),
    price: o.price,
    discount: o.discount,
    coupon_discount: o.couponDiscount,
    coupon_name: record.couponName,
    used_point: o.usedPoint,
    subtotal: o.subtotal,
    tax: o.tax,
    amount: o.amount,
    refunded_amount: refunds.reduce((t, r) => t + r.amount, 0),
    refunded_point: refunds.reduce((t, r) => t + r.point, 0),
    add_point: o.addPoint,
    payment_type: o.paymentType,
    payment_name: record.paymentName,
    item_count: items.length,
    items,
    gift: gifts.get(o.orderId) ?? null,
  };
}

/**
 * /api/order_history and the /order_history page: the orders of one month (the newest month the
 * member bought in when none is asked), the months to choose from and what was paid that month.
 */
export async function orderHistory(
  db: Db,
  userId: number,
  month: string | undefined,
  now: Date,
): Promise<OrderHistoryAnswer> {
  const months = await orderMonths(db, userId);
  const target = month ?? months[0] ?? tokyoMonth(now);
  const records = await ordersInMonth(db, userId, target);
  const art = await artAddressesOfLines(
    db,
    records.flatMap((r) => r.items),
  );
  const gifts = await giftsOfOrders(
    db,
    userId,
    records.map((r) => r.order.orderId),
  );
  const order = records.map((r) => summary(r, art, gifts));
  return {
    target,
    target_text: monthText(target),
    // What stays paid: a line refunded by support no longer counts (decision 0096).
    total: order
      .filter((o) => o.status === "paid")
      .reduce((t, o) => t + o.amount - o.refunded_amount, 0),
    month: months.map((m) => ({ month: m, text: monthText(m) })),
    order,
  };
}

/** /api/order_detail: one of the member's orders, or null when it is not theirs. */
export async function orderDetail(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderDetailAnswer | null> {
  const record = await memberOrder(db, userId, orderId);
  if (!record) return null;
  const order = summary(
    record,
    await artAddressesOfLines(db, record.items),
    await giftsOfOrders(db, userId, [orderId]),
  );
  const seriesIds = [
    ...new Set(record.items.flatMap((i) => (i.seriesId !== null ? [i.seriesId] : []))),
  ];
  const [genres, volumes] = await Promise.all([
    genreIdsOfSeries(db, seriesIds),
    volumesOfSeries(db, seriesIds),
  ]);
  const volumeIds = volumes.map((v) => v.itemId);
  const [owned, inCart] = await Promise.all([
    ownedItemIds(db, userId, volumeIds),
    cartItemIds(db, userId, volumeIds),
  ]);
  const taken = new Set([...owned, ...inCart]);
  // The rest of each bought series: what a shopper who liked it may want next.
  const bundleChild: Record<string, number[]> = {};
  const next: Array<{ itemId: number; priceInc: number }> = [];
  for (const sid of seriesIds) {
    const open = volumes.filter(
      (v) => v.seriesId === sid && v.onsaleFlag && v.priceInc > 0 && !taken.has(v.itemId),
    );
    if (open.length === 0) continue;
    bundleChild[String(sid)] = open.map((v) => v.itemId);
    next.push({ itemId: open[0]!.itemId, priceInc: open[0]!.priceInc });
  }
  const genreIds = [...new Set(seriesIds.flatMap((s) => genres.get(s) ?? []))].sort(
    (a, b) => a - b,
  );
  const genre: GenreRef[] = genreIds.flatMap((id) => {
    const name = genreName(id);
    return name ? [{ genre_id: id, name }] : [];
  });
  return {
    order,
    items: order.items,
    genre,
    bundle: {
      item_ids: next.map((n) => n.itemId),
      count: next.length,
      price_inc: next.reduce((t, n) => t + n.priceInc, 0),
    },
    bundle_child: bundleChild,
  };
}
