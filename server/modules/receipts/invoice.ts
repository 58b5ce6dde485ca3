import type { ReceiptLine, ReceiptRateTotal } from "../../../contract/receipts";
import { CONSUMPTION_TAX_RATE, taxContained } from "../pricing/rules";

/**
 * The sums a 適格請求書 states (decision 0108), from an order's lines as they were bought:
 *   each line at what it cost after a campaign sale, tax included (総額表示);
 *   per tax rate, the total of its lines less the coupon (a coupon is a price reduction, so it
 *   lowers what the goods cost) and the consumption tax in that total, rounded down once per
 *   rate per invoice with the store's one tax rule;
 *   points are a means of payment (1 pt = 1 yen), not a reduction: they leave the goods' price and
 *   its tax alone, and the receipt is for what was paid in money, total − points.
 * Everything the store sells is taxed at the standard rate, so there is one rate; a second rate
 * would take the coupon's share in proportion to its lines.
 */
export interface InvoiceInput {
  lines: ReadonlyArray<{ name: string; price: number }>;
  couponDiscount: number;
  usedPoint: number;
}

export interface InvoiceSums {
  lines: ReceiptLine[];
  goodsTotal: number;
  rates: ReceiptRateTotal[];
  total: number;
  tax: number;
  usedPoint: number;
  /** Paid in money: total − points. */
  amount: number;
}

export function invoiceSums(input: InvoiceInput): InvoiceSums {
  const lines = input.lines.map((l) => ({
    name: l.name,
    price: l.price,
    rate: CONSUMPTION_TAX_RATE,
  }));
  const goodsTotal = lines.reduce((sum, l) => sum + l.price, 0);
  const total = Math.max(0, goodsTotal - input.couponDiscount);
  const rates = [{ rate: CONSUMPTION_TAX_RATE, total, tax: taxContained(total) }];
  const usedPoint = Math.min(input.usedPoint, total);
  return {
    lines,
    goodsTotal,
    rates,
    total: rates.reduce((sum, r) => sum + r.total, 0),
    tax: rates.reduce((sum, r) => sum + r.tax, 0),
    usedPoint,
    amount: total - usedPoint,
  };
}
