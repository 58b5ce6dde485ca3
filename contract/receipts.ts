import { z } from "zod";
import { oneLine, recordId } from "./input";

/**
 * The 領収書 (receipt) of a paid order, written as a 適格請求書 (qualified invoice, decision 0108).
 * The member names who it is made out to (宛名) once, with 様 for a person or 御中 for a company.
 */
export const RECEIPT_ADDRESSEE_MAX = 40;
export const RECEIPT_HONORIFICS = ["様", "御中"] as const;
export type ReceiptHonorific = (typeof RECEIPT_HONORIFICS)[number];

export const receiptIssueInput = z.object({
  order: recordId("order"),
  addressee: oneLine("宛名")
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, "宛名を入力してください")
        .max(RECEIPT_ADDRESSEE_MAX, `宛名は${RECEIPT_ADDRESSEE_MAX}文字以内で入力してください`),
    ),
  honorific: z.enum(RECEIPT_HONORIFICS, { message: "敬称は「様」か「御中」を選んでください" }),
});
export type ReceiptIssueInput = z.infer<typeof receiptIssueInput>;

/** One line of the receipt: what was bought and what it cost after a campaign sale, tax included. */
export interface ReceiptLine {
  name: string;
  /** Tax included; the consumption tax rate that applies to it. */
  price: number;
  rate: number;
}

/** One consumption-tax rate's part of the invoice: the total of its lines and the tax it holds. */
export interface ReceiptRateTotal {
  /** 10 for 10 %. */
  rate: number;
  /** Σ its lines less the coupon's share: 税率ごとに区分して合計した対価の額 (tax included). */
  total: number;
  /** The consumption tax in that total, rounded once for the rate (税率ごとに区分した消費税額). */
  tax: number;
}

export interface ReceiptView {
  order_id: number;
  /** 宛名 with its honorific: "山田 太郎 様". */
  addressee: string;
  /** The Tokyo day of the purchase: "2026年11月28日" (取引年月日). */
  order_date: string;
  /** The Tokyo day the receipt was first issued. */
  issued_date: string;
  /** A later copy (再発行); reissue_count copies after the first. */
  reissued: boolean;
  reissue_count: number;
  seller_name: string;
  registration_number: string;
  lines: ReceiptLine[];
  /** Σ lines. */
  goods_total: number;
  coupon_name: string | null;
  coupon_discount: number;
  rates: ReceiptRateTotal[];
  /** Σ rates' totals: the price of the goods after the coupon (tax included). */
  total: number;
  tax: number;
  /** Paid with points (1 pt = 1 yen): a means of payment, not a discount. */
  used_point: number;
  /** 領収金額: what was paid in money, total − points. */
  amount: number;
  payment_name: string;
  /** Given back by support (decision 0096); the receipt is void when the whole order was. */
  refunded_amount: number;
  refunded_point: number;
  fully_refunded: boolean;
  /** The copy this view is (1 the original): the PDF link carries it, so it is the same copy. */
  copy: number;
}

/** /receipt?order=…: the receipt, or the form that names its 宛名 on first issue. */
export type ReceiptPageAnswer =
  | { state: "issued"; receipt: ReceiptView }
  | {
      state: "unissued";
      order_id: number;
      order_date: string;
      amount: number;
      /** A wholly refunded order gets no new receipt. */
      fully_refunded: boolean;
    };
