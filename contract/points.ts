// The points rules of a purchase (spec 001 §5), once: the server charges by them and the checkout
// page shows by them what is left to pay and what the order earns as the member changes the
// points they use (decision 0069). 1 point = 1 yen.

/** Spec 001 §5: points can be spent only from this balance up. */
export const POINT_USE_MINIMUM = 50;
/** Points earned per 100 yen actually paid (not the part paid with points). */
export const ADD_POINT_PERCENT = 1;

/** Points granted for an order: a percentage of the yen charged, rounded down. */
export function addPoint(amountCharged: number): number {
  return Math.floor((Math.max(0, amountCharged) * ADD_POINT_PERCENT) / 100);
}

/** Whether a member may spend points at all. */
export function canUsePoints(balance: number): boolean {
  return balance >= POINT_USE_MINIMUM;
}

/** Spec 001 §5: what remains to pay after points, price_inc − points, never below 0. */
export function remainingAfterPoints(priceInc: number, points: number): number {
  return Math.max(0, priceInc - Math.max(0, points));
}

/**
 * Points actually spent: what was asked ("all" is the whole balance), never more than the balance
 * or the price, never a fraction, and none below the minimum balance. Whatever is not a number
 * (a page's empty or mistyped field) asks for none.
 */
export function pointsToSpend(price: number, balance: number, asked: number | "all"): number {
  if (!canUsePoints(balance)) return 0;
  const want = asked === "all" ? balance : Number.isFinite(asked) ? Math.floor(asked) : 0;
  return Math.max(0, Math.min(want, balance, price));
}
