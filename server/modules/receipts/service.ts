import { eq, sql } from "drizzle-orm";
import type { ReceiptIssueInput, ReceiptPageAnswer, ReceiptView } from "../../../contract/receipts";
import { tokyoKanjiDate } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { Env } from "../../env";
import { Conflict, NotFound } from "../../lib/errors";
import { memberOrder, type OrderRecord } from "../commerce/orders";
import { invoiceSums } from "./invoice";
import { type Receipt, receipts } from "./schema";

/** Who issues the receipts: the store's registered name and 適格請求書発行事業者登録番号. */
export interface Seller {
  name: string;
  registrationNumber: string;
}

/** The seller from the configuration (server/env.ts). */
export const sellerOf = (
  env: Pick<Env, "SELLER_NAME" | "INVOICE_REGISTRATION_NUMBER">,
): Seller => ({
  name: env.SELLER_NAME,
  registrationNumber: env.INVOICE_REGISTRATION_NUMBER,
});

export const RECEIPT_NOT_FOUND = "領収書を発行できるご注文が見つかりませんでした";
export const RECEIPT_REFUNDED = "返金済みのご注文には領収書を新たに発行できません";
export const RECEIPT_LOCKED =
  "この注文の領収書は発行済みです。宛名は発行後に変更できません（再発行は同じ宛名になります）";

/** Paid orders have a receipt; a wholly refunded one keeps the one it had, marked refunded. */
const HAS_RECEIPT = new Set(["paid", "refunded"]);

/** The member's order a receipt may be shown for; another member's is as absent as none. */
async function receiptOrder(db: Db, userId: number, orderId: number): Promise<OrderRecord | null> {
  const record = await memberOrder(db, userId, orderId);
  return record && HAS_RECEIPT.has(record.order.status) ? record : null;
}

/** The receipt as one copy shows it: the order's own figures, the stored 宛名, the copy's number. */
export function receiptView(record: OrderRecord, receipt: Receipt, seller: Seller): ReceiptView {
  const o = record.order;
  const sums = invoiceSums({
    lines: record.items.map((i) => ({ name: i.name, price: i.priceInc })),
    couponDiscount: o.couponDiscount,
    usedPoint: o.usedPoint,
  });
  const refunds = [...record.refunds.values()];
  return {
    order_id: o.orderId,
    addressee: `${receipt.addressee} ${receipt.honorific}`,
    order_date: tokyoKanjiDate(o.createdAt),
    issued_date: tokyoKanjiDate(receipt.firstIssuedAt),
    reissued: receipt.reissueCount > 0,
    reissue_count: receipt.reissueCount,
    seller_name: seller.name,
    registration_number: seller.registrationNumber,
    lines: sums.lines,
    goods_total: sums.goodsTotal,
    coupon_name: record.couponName,
    coupon_discount: o.couponDiscount,
    rates: sums.rates,
    total: sums.total,
    tax: sums.tax,
    used_point: sums.usedPoint,
    amount: sums.amount,
    payment_name: record.paymentName,
    refunded_amount: refunds.reduce((t, r) => t + r.amount, 0),
    refunded_point: refunds.reduce((t, r) => t + r.point, 0),
    fully_refunded: o.status === "refunded",
    copy: receipt.reissueCount + 1,
  };
}

async function lockedReceipt(tx: Tx, orderId: number): Promise<Receipt | null> {
  const [row] = await tx.select().from(receipts).where(eq(receipts.orderId, orderId)).for("update");
  return row ?? null;
}

/**
 * One copy of an issued receipt. `copy` names the copy the member already holds (the page's PDF
 * link carries it): that same copy again makes no new one. Anything else is a new copy, counted
 * and marked 再発行.
 */
async function deliver(
  db: Db,
  record: OrderRecord,
  copy: number | undefined,
  now: Date,
): Promise<Receipt | null> {
  return db.transaction(async (tx) => {
    const row = await lockedReceipt(tx, record.order.orderId);
    if (!row) return null;
    if (copy === row.reissueCount + 1) return row;
    const [next] = await tx
      .update(receipts)
      .set({ reissueCount: sql`${receipts.reissueCount} + 1`, lastIssuedAt: now })
      .where(eq(receipts.orderId, row.orderId))
      .returning();
    return next!;
  });
}

/**
 * /receipt?order=…: the receipt (a new copy, 再発行, unless `copy` is the one the member holds),
 * or, before the first issue, what the form needs. Null when the order is not the member's or
 * was never paid.
 */
export async function receiptPage(
  db: Db,
  seller: Seller,
  userId: number,
  orderId: number,
  copy: number | undefined,
  now: Date,
): Promise<ReceiptPageAnswer | null> {
  const record = await receiptOrder(db, userId, orderId);
  if (!record) return null;
  const row = await deliver(db, record, copy, now);
  if (row) return { state: "issued", receipt: receiptView(record, row, seller) };
  return {
    state: "unissued",
    order_id: record.order.orderId,
    order_date: tokyoKanjiDate(record.order.createdAt),
    amount: record.order.amount,
    fully_refunded: record.order.status === "refunded",
  };
}

/** The PDF's copy: like the page, but an order never issued has no receipt to print. */
export async function receiptCopy(
  db: Db,
  seller: Seller,
  userId: number,
  orderId: number,
  copy: number | undefined,
  now: Date,
): Promise<ReceiptView | null> {
  const record = await receiptOrder(db, userId, orderId);
  if (!record) return null;
  const row = await deliver(db, record, copy, now);
  return row ? receiptView(record, row, seller) : null;
}

/**
 * The first issue: the 宛名 is stored with the order and locked (decision 0108). The same 宛名
 * sent again (a double click, a retry) answers the receipt already issued; another is refused.
 */
export async function issueReceipt(
  db: Db,
  seller: Seller,
  userId: number,
  input: ReceiptIssueInput,
  now: Date,
): Promise<ReceiptView> {
  const record = await receiptOrder(db, userId, input.order);
  if (!record) throw new NotFound(RECEIPT_NOT_FOUND);
  const same = (held: Receipt | null) =>
    held !== null && held.addressee === input.addressee && held.honorific === input.honorific;
  const row = await db.transaction(async (tx) => {
    const held = await lockedReceipt(tx, input.order);
    if (held) {
      if (same(held)) return held;
      throw new Conflict(RECEIPT_LOCKED);
    }
    if (record.order.status === "refunded") throw new Conflict(RECEIPT_REFUNDED);
    const [made] = await tx
      .insert(receipts)
      .values({
        orderId: input.order,
        addressee: input.addressee,
        honorific: input.honorific,
        firstIssuedAt: now,
        lastIssuedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    // Another request issued it between the look and the insert.
    const raced = await lockedReceipt(tx, input.order);
    if (same(raced)) return raced!;
    throw new Conflict(RECEIPT_LOCKED);
  });
  return receiptView(record, row, seller);
}
