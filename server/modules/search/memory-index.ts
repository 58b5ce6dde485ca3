import { sql } from "drizzle-orm";
import type { SearchInput } from "../../../contract/search";
import type { Db } from "../../db/client";
import { queryTerms } from "./normalize";
import {
  SUGGEST_AUTHOR,
  SUGGEST_SERIES,
  SUGGEST_TAG,
  searchIndexState,
  searchSuggestions,
  seriesSearch,
} from "./schema";

/**
 * The search tables held in this process, so a search or a keystroke's suggestions are a scan of
 * plain arrays instead of a query: PGlite answers one query at a time, and at 100,000 series the
 * SQL search took 77 ms for one visitor (docs/decisions/0034). Read from series_search and
 * search_suggestions, whose rows change only when the indexer runs, so the copy answers exactly
 * as the SQL did (memory-index.test.ts compares the two). Another process's rebuild is noticed by
 * the index state's timestamps, looked at every few seconds.
 */
export interface SeriesEntry {
  id: number;
  text: string;
  title: string;
  genreIds: number[];
  categoryIds: number[];
  tagIds: number[];
  generationIds: number[];
  authorIds: number[];
  publisherId: number;
  labelId: number | null;
  magazineId: number | null;
  complete: boolean;
  ratingAverage: number;
  ratingCount: number;
  prices: number[];
  minPrice: number | null;
  /** Milliseconds; NaN when nothing is out, which no comparison with now lets through. */
  releasedAt: number;
  popularity: number;
}

export interface SuggestionEntry {
  kind: number;
  refId: number;
  name: string;
  norm: string;
  reading: string;
  text: string;
}

/** The entries of one kind in their order of preference (weight desc, ref id), with lookups. */
interface SuggestionKind {
  entries: SuggestionEntry[];
  /** Positions in entries, ordered by norm (then by reading): a prefix is one range of each. */
  byNorm: Int32Array;
  byReading: Int32Array;
  /** Positions in entries whose text holds a two-character piece, in order of preference. */
  pairs: Map<string, Int32Array>;
}

export interface SearchMemory {
  version: string;
  series: SeriesEntry[];
  suggestions: Map<number, SuggestionKind>;
}

/** How often a process asks whether another one rebuilt the index. */
const VERSION_CHECK_MS = 5000;

interface Slot {
  memory: SearchMemory | null;
  loading: Promise<SearchMemory> | null;
  checkedAt: number;
}

const slots = new WeakMap<Db, Slot>();

async function indexVersion(db: Db): Promise<string> {
  const [state] = await db
    .select({ rebuiltAt: searchIndexState.rebuiltAt, popularityAt: searchIndexState.popularityAt })
    .from(searchIndexState);
  return `${state?.rebuiltAt?.getTime() ?? 0}:${state?.popularityAt?.getTime() ?? 0}`;
}

const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function suggestionKind(entries: SuggestionEntry[]): SuggestionKind {
  const order = (key: (e: SuggestionEntry) => string) =>
    Int32Array.from(entries.keys()).sort((a, b) =>
      codeUnitOrder(key(entries[a]!), key(entries[b]!)),
    );
  const lists = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const seen = new Set<string>();
    for (const word of e.text.split(" ")) {
      const chars = [...word];
      for (let c = 0; c + 1 < chars.length; c++) {
        const pair = chars[c]! + chars[c + 1]!;
        if (seen.has(pair)) continue;
        seen.add(pair);
        const list = lists.get(pair);
        if (list) list.push(i);
        else lists.set(pair, [i]);
      }
    }
  });
  const pairs = new Map<string, Int32Array>();
  for (const [pair, list] of lists) pairs.set(pair, Int32Array.from(list));
  return { entries, byNorm: order((e) => e.norm), byReading: order((e) => e.reading), pairs };
}

/** Reads both tables; at 100,000 series it takes a few seconds and some 100 MB. */
export async function loadSearchMemory(db: Db): Promise<SearchMemory> {
  const version = await indexVersion(db);
  const s = seriesSearch;
  const seriesRows = (
    await db.execute(sql`
      select ${s.seriesId} as id, ${s.text} as text, ${s.title} as title,
        ${s.genreIds} as genre_ids, ${s.categoryIds} as category_ids, ${s.tagIds} as tag_ids,
        ${s.generationIds} as generation_ids, ${s.authorIds} as author_ids,
        ${s.publisherId} as publisher_id, ${s.labelId} as label_id,
        ${s.magazineId} as magazine_id, ${s.completeFlag} as complete,
        ${s.ratingAverage} as rating_average, ${s.ratingCount} as rating_count,
        ${s.prices} as prices, ${s.minPrice} as min_price,
        (extract(epoch from ${s.releasedAt}) * 1000)::float8 as released_ms,
        ${s.popularity} as popularity
      from ${s}`)
  ).rows as Array<Record<string, unknown>>;
  const ints = (v: unknown) => (v as number[]).map(Number);
  const series: SeriesEntry[] = seriesRows.map((r) => ({
    id: Number(r.id),
    text: r.text as string,
    title: r.title as string,
    genreIds: ints(r.genre_ids),
    categoryIds: ints(r.category_ids),
    tagIds: ints(r.tag_ids),
    generationIds: ints(r.generation_ids),
    authorIds: ints(r.author_ids),
    publisherId: Number(r.publisher_id),
    labelId: r.label_id === null ? null : Number(r.label_id),
    magazineId: r.magazine_id === null ? null : Number(r.magazine_id),
    complete: r.complete as boolean,
    ratingAverage: Number(r.rating_average),
    ratingCount: Number(r.rating_count),
    prices: ints(r.prices),
    minPrice: r.min_price === null ? null : Number(r.min_price),
    releasedAt: r.released_ms === null ? Number.NaN : Number(r.released_ms),
    popularity: Number(r.popularity),
  }));

  const t = searchSuggestions;
  const suggestionRows = (
    await db.execute(sql`
      select ${t.kind} as kind, ${t.refId} as ref_id, ${t.name} as name, ${t.norm} as norm,
        ${t.reading} as reading, ${t.text} as text
      from ${t} order by ${t.kind}, ${t.weight} desc, ${t.refId}`)
  ).rows as Array<Record<string, unknown>>;
  const suggestions = new Map<number, SuggestionKind>();
  for (const kind of [SUGGEST_SERIES, SUGGEST_AUTHOR, SUGGEST_TAG]) {
    const entries = suggestionRows
      .filter((r) => Number(r.kind) === kind)
      .map((r) => ({
        kind,
        refId: Number(r.ref_id),
        name: r.name as string,
        norm: r.norm as string,
        reading: r.reading as string,
        text: r.text as string,
      }));
    suggestions.set(kind, suggestionKind(entries));
  }
  return { version, series, suggestions };
}

function slotOf(db: Db): Slot {
  const held = slots.get(db);
  if (held) return held;
  const slot: Slot = { memory: null, loading: null, checkedAt: Date.now() };
  slots.set(db, slot);
  return slot;
}

function reload(db: Db, slot: Slot): Promise<SearchMemory> {
  slot.loading ??= loadSearchMemory(db).then(
    (memory) => {
      // Dropped meanwhile by forgetSearchMemory: this copy may predate the rebuild.
      if (slots.get(db) === slot) slot.memory = memory;
      slot.loading = null;
      return memory;
    },
    (error) => {
      slot.loading = null;
      throw error;
    },
  );
  return slot.loading;
}

/**
 * The copy held for this database, or null while it is being read (the first call starts that).
 * When another process has rebuilt the index, the old copy answers until the new one is read.
 */
export function heldSearchMemory(db: Db): SearchMemory | null {
  const slot = slotOf(db);
  if (!slot.memory) {
    reload(db, slot).catch(() => {});
    return null;
  }
  if (Date.now() - slot.checkedAt >= VERSION_CHECK_MS) {
    slot.checkedAt = Date.now();
    const held = slot.memory;
    void indexVersion(db)
      .then((version) => (version !== held.version ? reload(db, slot) : undefined))
      .catch(() => {});
  }
  return slot.memory;
}

/** The copy for this database, read first if need be. */
export async function searchMemory(db: Db): Promise<SearchMemory> {
  return heldSearchMemory(db) ?? reload(db, slotOf(db));
}

/** After this process changed the search tables: the next search reads them again. */
export function forgetSearchMemory(db: Db): void {
  slots.delete(db);
}

// ---- search ----

const overlaps = (values: number[], wanted: number[]) => values.some((v) => wanted.includes(v));

type Compare = (a: SeriesEntry, b: SeriesEntry) => number;

/** Descending by a number; the SQL orders compare the same doubles and integers. */
const desc =
  (key: (e: SeriesEntry) => number): Compare =>
  (a, b) =>
    key(b) - key(a);

/** min_price asc or desc, nulls last either way. */
const byMinPrice =
  (direction: 1 | -1): Compare =>
  (a, b) => {
    if (a.minPrice === b.minPrice) return 0;
    if (a.minPrice === null) return 1;
    if (b.minPrice === null) return -1;
    return direction * (a.minPrice - b.minPrice);
  };

function chain(compares: Compare[]): Compare {
  return (a, b) => {
    for (const compare of compares) {
      const d = compare(a, b);
      if (d !== 0) return d;
    }
    return 0;
  };
}

/**
 * One page of a search, as service.ts's SQL would answer it: every word (normalised) inside the
 * text, the filters, the sort, then newer and higher ids first among equals.
 */
export function searchInMemory(
  memory: SearchMemory,
  input: SearchInput,
  opts: { now: Date; limit: number; layoutIds: number[] | null },
): { ids: number[]; hit: number } {
  const now = opts.now.getTime();
  const terms = queryTerms(input.wd);
  const layout = opts.layoutIds ? new Map(opts.layoutIds.map((id, i) => [id, i])) : null;
  const low = input.ps ?? 0;
  const high = input.pe ?? 2_147_483_647;
  const priced = input.ps !== undefined || input.pe !== undefined;
  const matches = (e: SeriesEntry) =>
    e.releasedAt <= now &&
    terms.every((t) => e.text.includes(t)) &&
    (!layout || layout.has(e.id)) &&
    (input.gn.length === 0 || overlaps(e.genreIds, input.gn)) &&
    (input.cg.length === 0 || overlaps(e.categoryIds, input.cg)) &&
    (input.tg.length === 0 || overlaps(e.tagIds, input.tg)) &&
    (input.at === undefined || e.authorIds.includes(input.at)) &&
    (input.gr === undefined || e.generationIds.includes(input.gr)) &&
    (input.pb === undefined || e.publisherId === input.pb) &&
    (input.lb === undefined || e.labelId === input.lb) &&
    (input.mz === undefined || e.magazineId === input.mz) &&
    (input.rt === undefined || e.ratingAverage >= input.rt) &&
    (input.ft !== 1 || e.complete) &&
    (input.ft !== 2 || !e.complete) &&
    (!priced || e.prices.some((p) => p >= low && p <= high));

  const order: Compare[] = [];
  const popular = [desc((e) => e.popularity), desc((e) => e.ratingCount)];
  switch (input.sort) {
    case 1:
      order.push(desc((e) => e.releasedAt));
      break;
    case 2:
      order.push(...popular);
      break;
    case 3:
      order.push(
        desc((e) => e.ratingAverage),
        desc((e) => e.ratingCount),
      );
      break;
    case 4:
      order.push(byMinPrice(1));
      break;
    case 5:
      order.push(byMinPrice(-1));
      break;
    default:
      if (layout && terms.length === 0) {
        order.push((a, b) => layout.get(a.id)! - layout.get(b.id)!);
      } else if (terms.length > 0) {
        const inTitle = (e: SeriesEntry) => (terms.every((t) => e.title.includes(t)) ? 1 : 0);
        order.push(desc(inTitle));
      }
      order.push(...popular);
  }
  order.push(
    desc((e) => e.releasedAt),
    desc((e) => e.id),
  );
  const compare = chain(order);

  // The page's rows are the first `wanted` in order: kept sorted as the scan goes, so most
  // matches are turned away by one comparison with the last kept.
  const offset = (input.pn - 1) * opts.limit;
  const wanted = offset + opts.limit;
  const kept: SeriesEntry[] = [];
  let hit = 0;
  for (const e of memory.series) {
    if (!matches(e)) continue;
    hit++;
    if (kept.length === wanted && compare(e, kept[wanted - 1]!) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(kept[mid]!, e) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, e);
    if (kept.length > wanted) kept.pop();
  }
  return { ids: kept.slice(offset).map((e) => e.id), hit };
}

// ---- suggestions ----

/** The first position in `sorted` whose key is not below `q`. */
function lowerBound(
  sorted: Int32Array,
  entries: SuggestionEntry[],
  key: (e: SuggestionEntry) => string,
  q: string,
) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(entries[sorted[mid]!]!) < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Up to `cap` entries of a kind whose name or reading starts with q, best first. */
export function prefixedInMemory(
  memory: SearchMemory,
  kind: number,
  q: string,
  cap: number,
): SuggestionEntry[] {
  const k = memory.suggestions.get(kind);
  if (!k || cap <= 0) return [];
  const found = new Set<number>();
  for (const [sorted, key] of [
    [k.byNorm, (e: SuggestionEntry) => e.norm],
    [k.byReading, (e: SuggestionEntry) => e.reading],
  ] as const) {
    for (let i = lowerBound(sorted, k.entries, key, q); i < sorted.length; i++) {
      const at = sorted[i]!;
      if (!key(k.entries[at]!).startsWith(q)) break;
      found.add(at);
    }
  }
  return [...found]
    .sort((a, b) => a - b)
    .slice(0, cap)
    .map((i) => k.entries[i]!);
}

/**
 * Up to `cap` entries of a kind whose name or reading holds q (two characters or more) and that
 * are not among `seen`, best first: the shortest list of q's pieces is read in order.
 */
export function containedInMemory(
  memory: SearchMemory,
  kind: number,
  q: string,
  cap: number,
  seen: ReadonlySet<number>,
): SuggestionEntry[] {
  const k = memory.suggestions.get(kind);
  if (!k || cap <= 0) return [];
  const chars = [...q];
  let list: Int32Array | undefined;
  for (let c = 0; c + 1 < chars.length; c++) {
    const candidates = k.pairs.get(chars[c]! + chars[c + 1]!);
    if (!candidates) return [];
    if (!list || candidates.length < list.length) list = candidates;
  }
  const out: SuggestionEntry[] = [];
  for (const i of list ?? []) {
    const e = k.entries[i]!;
    if (seen.has(e.refId) || !e.text.includes(q)) continue;
    out.push(e);
    if (out.length === cap) break;
  }
  return out;
}
