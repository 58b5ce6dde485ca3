import { z } from "zod";
import type { GiftView } from "./gift-rules";
import { recordId } from "./input";
import type { GenreRef } from "./items";

/**
 * Order history and order detail (spec 001 §3, §7.4). Months are Tokyo months written like the
 * status answer's this_month: "202611".
 */
export const orderMonth = z
  .string({ message: "month は 202611 の形で指定してください" })
  .regex(/^\d{4}(0[1-9]|1[0-2])$/, "month は 202611 の形で指定してください");

export const orderHistoryInput = z.object({ month: orderMonth.optional() });
export const orderDetailInput = z.object({ order: recordId("order") });

/** "2026年11月" */
export function monthText(month: string): string {
  return `${month.slice(0, 4)}年${Number(month.slice(4, 6))}月`;
}

/** pending: a payment awaiting its confirmation step. */
export type OrderStatusName = "pending" | "paid" | "cancelled" | "refunded";

/** One bought item as a receipt lists it: name and prices frozen at purchase time. */
export interface OrderLine {
  item_id: number;
  /** 0 volume, 101 drama CD. */
  item_type: number;
  series_id: number | null;
  book_id: number | null;
  cd_id: number | null;
  name: string;
  img: string;
  /** The series or drama-CD page. */
  url: string;
  /** 読む (volumes) or 聴く (drama CDs), for the member who owns it. */
  read_url: string;
  /** What was paid for it before coupons and points, tax included. */
  price_inc: number;
  /** The campaign sale reduction: the list price was price_inc + discount. */
  discount: number;
  /** Refunded by support (decision 0096): no longer the member's to read or play. */
  refunded: boolean;
}

export interface OrderSummary {
  order_id: number;
  status: OrderStatusName;
  /** "2026-11-21 09:30:00", Tokyo time. */
  order_date: string;
  price: number;
  discount: number;
  coupon_discount: number;
  coupon_name: string | null;
  used_point: number;
  subtotal: number;
  /** Consumption tax contained in subtotal. */
  tax: number;
  amount: number;
  /** Yen paid back by refunds of some or all lines; amount − refunded_amount is what stays paid. */
  refunded_amount: number;
  /** Points given back by those refunds. */
  refunded_point: number;
  add_point: number;
  payment_type: number;
  payment_name: string;
  item_count: number;
  items: OrderLine[];
  /** Bought as a gift (decision 0113): for whom, and 送信済み / 受け取り済み. */
  gift: GiftView | null;
}

export interface OrderHistoryAnswer {
  /** The month shown, "202611". */
  target: string;
  /** "2026年11月" */
  target_text: string;
  /** What the member paid (amount) in the target month: paid orders only. */
  total: number;
  /** Months the member bought in, newest first. */
  month: Array<{ month: string; text: string }>;
  order: OrderSummary[];
}

export interface OrderDetailAnswer {
  order: OrderSummary;
  items: OrderLine[];
  genre: GenreRef[];
  /** What "まとめてカートに入れる" adds: the next volume of each bought series that can be bought now. */
  bundle: { item_ids: number[]; count: number; price_inc: number };
  /** series_id → volumes of that series the member can still buy. */
  bundle_child: Record<string, number[]>;
}

/** The reader (spec 001 §2.1) for an owned volume; owned drama CDs play on their page. */
export function readUrl(line: Pick<OrderLine, "book_id" | "series_id" | "cd_id">): string {
  if (line.book_id !== null)
    return `/viewer/speed.html?cid=${line.book_id}&series=${line.series_id}`;
  return `/doramacd/${line.cd_id}`;
}
