import { OTOKU_FILTERS, type OtokuFilter } from "../../../contract/campaign";
import { isGenreId } from "../../../contract/genres";

/** Query values from the address bar: an unknown one is ignored rather than an error page. */
export function genreParam(url: URL): number | null {
  const g = Number(url.searchParams.get("genre"));
  return isGenreId(g) ? g : null;
}

export function pageParam(url: URL, key = "page"): number {
  const n = Number(url.searchParams.get(key));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export function filterParam(url: URL): OtokuFilter | null {
  const f = Number(url.searchParams.get("filter"));
  return f in OTOKU_FILTERS ? (f as OtokuFilter) : null;
}

/** /feature lists this many articles per page. */
export const FEATURES_PER_PAGE = 12;
