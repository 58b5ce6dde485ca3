/** How the member chose to use points at checkout (spec 001 §3, §5). */
export type PointChoice = "all" | "none" | "some";

/**
 * The points the purchase spends: all that can be used, none, or the amount typed, never more
 * than can be used and never a fraction or a negative number.
 */
export function pointsToUse(choice: PointChoice, typed: string, usable: number): number {
  if (choice === "none") return 0;
  if (choice === "all") return usable;
  const n = Math.floor(Number(typed));
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(n, usable);
}

/** Spec 001 §5: what is left to pay = price_inc − points, floored at 0. */
export function remainingPrice(priceInc: number, points: number): number {
  return Math.max(0, priceInc - points);
}
