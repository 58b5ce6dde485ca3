/**
 * Row ids without zod: the browser reads ids from the address bar with these, and importing
 * contract/input.ts (zod's builders) from browser code would ship zod on every first load
 * (decision 0040).
 */

/** PostgreSQL's integer: the largest row id there is. */
export const INT4_MAX = 2_147_483_647;

/** A route id from the address bar (/series/12): the number, or null when it names no row. */
export function idFromPath(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= INT4_MAX ? n : null;
}
