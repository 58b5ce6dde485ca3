import { sql } from "drizzle-orm";
import type { SearchInput } from "../../../contract/search";
import type { Db } from "../../db/client";
import { onSearchReread, searchGeneration } from "../../lib/catalog-generation";
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
/** Several ids per series, one run of `values` each: series i owns values[start[i]..start[i+1]). */
interface IdLists {
  start: Int32Array;
  values: Int32Array;
}

/**
 * series_search by column, in typed arrays and two long strings, so that a scan of 100,000 series
 * reads a few megabytes in order instead of chasing a million small objects.
 */
export interface SeriesColumns {
  count: number;
  id: Int32Array;
  /** Every series' text joined by newlines (which no text holds); series i at textStart[i]. */
  text: string;
  textStart: Int32Array;
  /**
   * For each pair of adjacent UTF-16 code units (pairKey), the rows whose text holds it, in
   * ascending order: a word of two or more units is held only by rows on every one of its pairs'
   * lists, so a search reads the shortest of them instead of the whole text (decision 0045).
   */
  textPairs: Map<number, Int32Array>;
  title: string;
  titleStart: Int32Array;
  genreIds: IdLists;
  categoryIds: IdLists;
  tagIds: IdLists;
  generationIds: IdLists;
  authorIds: IdLists;
  prices: IdLists;
  publisherId: Int32Array;
  /** 0 for none (ids start at 1). */
  labelId: Int32Array;
  magazineId: Int32Array;
  complete: Uint8Array;
  ratingAverage: Float64Array;
  ratingCount: Int32Array;
  /** NaN for none. */
  minPrice: Float64Array;
  /** Milliseconds; NaN when nothing is out, which no comparison with now lets through. */
  releasedAt: Float64Array;
  popularity: Int32Array;
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
  series: SeriesColumns;
  suggestions: Map<number, SuggestionKind>;
}

/** How often a process asks whether another one rebuilt the index. */
const VERSION_CHECK_MS = 5000;

interface Slot {
  db: Db;
  memory: SearchMemory | null;
  loading: Promise<SearchMemory> | null;
  checkedAt: number;
  /** The search generation the held copy was read in (decision 0087). */
  generation: number;
}

const slots = new WeakMap<Db, Slot>();
/** The slots held, to read them again when a catalog change reached the search tables. */
const live = new Set<WeakRef<Slot>>();

onSearchReread(() => {
  for (const ref of live) {
    const slot = ref.deref();
    if (!slot || slots.get(slot.db) !== slot) live.delete(ref);
    else if (slot.memory) reload(slot.db, slot).catch(() => {});
  }
});

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

function idLists(rows: Array<Record<string, unknown>>, column: string): IdLists {
  const start = new Int32Array(rows.length + 1);
  let total = 0;
  rows.forEach((r, i) => {
    start[i] = total;
    total += (r[column] as unknown[]).length;
  });
  start[rows.length] = total;
  const values = new Int32Array(total);
  rows.forEach((r, i) => {
    values.set((r[column] as unknown[]).map(Number), start[i]!);
  });
  return { start, values };
}

function joined(rows: Array<Record<string, unknown>>, column: string) {
  const start = new Int32Array(rows.length + 1);
  let at = 0;
  rows.forEach((r, i) => {
    start[i] = at;
    at += (r[column] as string).length + 1;
  });
  start[rows.length] = at;
  return { text: rows.map((r) => r[column] as string).join("\n"), start };
}

const pairKey = (text: string, at: number) =>
  text.charCodeAt(at) * 0x10000 + text.charCodeAt(at + 1);

/**
 * The rows holding each pair of adjacent code units of their part of `text`. Two passes over the
 * text, counting then filling, so each list is one exact typed array: at 100,000 series about
 * 8 million rows on 10,000 pairs, 32 MB.
 */
function pairRows(text: string, start: Int32Array, count: number): Map<number, Int32Array> {
  const dense = new Map<number, number>();
  let counts = new Int32Array(1024);
  let lastRow = new Int32Array(1024).fill(-1);
  const visit = (each: (slot: number, row: number) => void) => {
    for (let row = 0; row < count; row++) {
      // The separator after a row's text is no part of it: a pair ends before it.
      for (let at = start[row]!; at + 1 < start[row + 1]! - 1; at++) {
        const key = pairKey(text, at);
        let slot = dense.get(key);
        if (slot === undefined) {
          slot = dense.size;
          dense.set(key, slot);
          if (slot === counts.length) {
            const grown = new Int32Array(slot * 2);
            grown.set(counts);
            counts = grown;
            const rows = new Int32Array(slot * 2).fill(-1);
            rows.set(lastRow);
            lastRow = rows;
          }
        }
        if (lastRow[slot] === row) continue;
        lastRow[slot] = row;
        each(slot, row);
      }
    }
  };
  visit((slot) => counts[slot]!++);
  const lists = Array.from({ length: dense.size }, (_, slot) => new Int32Array(counts[slot]!));
  const filled = new Int32Array(dense.size);
  lastRow.fill(-1);
  visit((slot, row) => {
    lists[slot]![filled[slot]!++] = row;
  });
  const pairs = new Map<number, Int32Array>();
  for (const [key, slot] of dense) pairs.set(key, lists[slot]!);
  return pairs;
}

function seriesColumns(rows: Array<Record<string, unknown>>): SeriesColumns {
  const column = <A extends Int32Array | Float64Array | Uint8Array>(
    Type: new (n: number) => A,
    value: (r: Record<string, unknown>) => number,
  ) => {
    const out = new Type(rows.length);
    rows.forEach((r, i) => {
      out[i] = value(r);
    });
    return out;
  };
  const orNaN = (v: unknown) => (v === null ? Number.NaN : Number(v));
  const text = joined(rows, "text");
  const title = joined(rows, "title");
  return {
    count: rows.length,
    id: column(Int32Array, (r) => Number(r.id)),
    text: text.text,
    textStart: text.start,
    textPairs: pairRows(text.text, text.start, rows.length),
    title: title.text,
    titleStart: title.start,
    genreIds: idLists(rows, "genre_ids"),
    categoryIds: idLists(rows, "category_ids"),
    tagIds: idLists(rows, "tag_ids"),
    generationIds: idLists(rows, "generation_ids"),
    authorIds: idLists(rows, "author_ids"),
    prices: idLists(rows, "prices"),
    publisherId: column(Int32Array, (r) => Number(r.publisher_id)),
    labelId: column(Int32Array, (r) => Number(r.label_id ?? 0)),
    magazineId: column(Int32Array, (r) => Number(r.magazine_id ?? 0)),
    complete: column(Uint8Array, (r) => (r.complete ? 1 : 0)),
    ratingAverage: column(Float64Array, (r) => Number(r.rating_average)),
    ratingCount: column(Int32Array, (r) => Number(r.rating_count)),
    minPrice: column(Float64Array, (r) => orNaN(r.min_price)),
    releasedAt: column(Float64Array, (r) => orNaN(r.released_ms)),
    popularity: column(Int32Array, (r) => Number(r.popularity)),
  };
}

/** Reads both tables; at 100,000 series it takes a few seconds and some 130 MB (0034, 0045). */
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
      from ${s} order by ${s.seriesId}`)
  ).rows as Array<Record<string, unknown>>;
  const series = seriesColumns(seriesRows);

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
  const slot: Slot = {
    db,
    memory: null,
    loading: null,
    checkedAt: Date.now(),
    generation: searchGeneration(),
  };
  slots.set(db, slot);
  live.add(new WeakRef(slot));
  return slot;
}

/**
 * Reads the copy again (one read at a time); a read begun before the search tables took a
 * change is followed by another, so the copy ends up holding it.
 */
function reload(db: Db, slot: Slot): Promise<SearchMemory> {
  slot.loading ??= (async () => {
    try {
      for (;;) {
        const generation = searchGeneration();
        const memory = await loadSearchMemory(db);
        // Dropped meanwhile by forgetSearchMemory: this copy may predate the rebuild.
        if (slots.get(db) === slot) {
          slot.memory = memory;
          slot.generation = generation;
        }
        if (generation === searchGeneration()) return memory;
      }
    } finally {
      slot.loading = null;
    }
  })();
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
  // A change reached the tables: the old copy answers until the new one is read.
  if (slot.generation !== searchGeneration()) reload(db, slot).catch(() => {});
  else if (Date.now() - slot.checkedAt >= VERSION_CHECK_MS) {
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

/** Whether series i's list holds any of `wanted`. */
function holdsAny(lists: IdLists, i: number, wanted: readonly number[]): boolean {
  for (let at = lists.start[i]!; at < lists.start[i + 1]!; at++)
    if (wanted.includes(lists.values[at]!)) return true;
  return false;
}

/** Whether the part of `text` from `from` to `to` holds every term. */
function holdsAll(text: string, from: number, to: number, terms: readonly string[]): boolean {
  const part = text.slice(from, to);
  for (const term of terms) if (!part.includes(term)) return false;
  return true;
}

const EMPTY_ROWS = new Int32Array(0);

/** The rows of `a` that are also in `b`, both ascending. */
function bothOf(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/**
 * The rows, ascending, whose text holds every term. The candidates are the rows on both of the
 * two shortest pair lists of the terms' pairs, each then read in full; only a query of
 * one-unit words alone (猫) reads every row.
 */
function rowsHoldingAll(c: SeriesColumns, terms: readonly string[]): Int32Array {
  const lists: Int32Array[] = [];
  for (const term of terms)
    for (let at = 0; at + 1 < term.length; at++)
      lists.push(c.textPairs.get(pairKey(term, at)) ?? EMPTY_ROWS);
  lists.sort((a, b) => a.length - b.length);
  const candidates =
    lists.length === 0
      ? null
      : lists.length === 1 || lists[0]!.length <= 64
        ? lists[0]!
        : bothOf(lists[0]!, lists[1]!);
  const out: number[] = [];
  const n = candidates ? candidates.length : c.count;
  for (let k = 0; k < n; k++) {
    const row = candidates ? candidates[k]! : k;
    if (holdsAll(c.text, c.textStart[row]!, c.textStart[row + 1]!, terms)) out.push(row);
  }
  return Int32Array.from(out);
}

type Compare = (a: number, b: number) => number;

/** Descending by a column; the SQL orders compare the same doubles and integers. */
const desc =
  (column: ArrayLike<number>): Compare =>
  (a, b) =>
    column[b]! - column[a]!;

/** min_price asc or desc, nulls (NaN) last either way. */
const byMinPrice =
  (column: Float64Array, direction: 1 | -1): Compare =>
  (a, b) => {
    const x = column[a]!;
    const y = column[b]!;
    if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
    if (Number.isNaN(y)) return -1;
    return direction * (x - y);
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
  const c = memory.series;
  const now = opts.now.getTime();
  const terms = queryTerms(input.wd);
  const layout = opts.layoutIds ? new Map(opts.layoutIds.map((id, i) => [id, i])) : null;
  const low = input.ps ?? 0;
  const high = input.pe ?? 2_147_483_647;
  const priced = input.ps !== undefined || input.pe !== undefined;
  // With words, only the rows holding them all are read; without, every row.
  const wordRows = terms.length > 0 ? rowsHoldingAll(c, terms) : null;
  const holdsPrice = (i: number) => {
    for (let at = c.prices.start[i]!; at < c.prices.start[i + 1]!; at++) {
      const p = c.prices.values[at]!;
      if (p >= low && p <= high) return true;
    }
    return false;
  };
  const matches = (i: number) =>
    c.releasedAt[i]! <= now &&
    (!layout || layout.has(c.id[i]!)) &&
    (input.gn.length === 0 || holdsAny(c.genreIds, i, input.gn)) &&
    (input.cg.length === 0 || holdsAny(c.categoryIds, i, input.cg)) &&
    (input.tg.length === 0 || holdsAny(c.tagIds, i, input.tg)) &&
    (input.at === undefined || holdsAny(c.authorIds, i, [input.at])) &&
    (input.gr === undefined || holdsAny(c.generationIds, i, [input.gr])) &&
    (input.pb === undefined || c.publisherId[i] === input.pb) &&
    (input.lb === undefined || c.labelId[i] === input.lb) &&
    (input.mz === undefined || c.magazineId[i] === input.mz) &&
    (input.rt === undefined || c.ratingAverage[i]! >= input.rt) &&
    (input.ft !== 1 || c.complete[i] === 1) &&
    (input.ft !== 2 || c.complete[i] === 0) &&
    (!priced || holdsPrice(i));

  const order: Compare[] = [];
  const popular = [desc(c.popularity), desc(c.ratingCount)];
  switch (input.sort) {
    case 1:
      order.push(desc(c.releasedAt));
      break;
    case 2:
      order.push(...popular);
      break;
    case 3:
      order.push(desc(c.ratingAverage), desc(c.ratingCount));
      break;
    case 4:
      order.push(byMinPrice(c.minPrice, 1));
      break;
    case 5:
      order.push(byMinPrice(c.minPrice, -1));
      break;
    default:
      if (layout && terms.length === 0) {
        order.push((a, b) => layout.get(c.id[a]!)! - layout.get(c.id[b]!)!);
      } else if (terms.length > 0) {
        // Asked only of rows that matched: 1 when the title holds every word, kept per row.
        const inTitle = new Int8Array(c.count).fill(-1);
        const titled = (i: number) => {
          if (inTitle[i] === -1)
            inTitle[i] = holdsAll(c.title, c.titleStart[i]!, c.titleStart[i + 1]!, terms) ? 1 : 0;
          return inTitle[i]!;
        };
        order.push((a, b) => titled(b) - titled(a));
      }
      order.push(...popular);
  }
  order.push(desc(c.releasedAt), desc(c.id));
  const compare = chain(order);

  // The page's rows are the first `wanted` in order: kept sorted as the scan goes, so most
  // matches are turned away by one comparison with the last kept.
  const offset = (input.pn - 1) * opts.limit;
  const wanted = offset + opts.limit;
  const kept: number[] = [];
  let hit = 0;
  const rows = wordRows ? wordRows.length : c.count;
  for (let k = 0; k < rows; k++) {
    const i = wordRows ? wordRows[k]! : k;
    if (!matches(i)) continue;
    hit++;
    if (kept.length === wanted && compare(i, kept[wanted - 1]!) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(kept[mid]!, i) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, i);
    if (kept.length > wanted) kept.pop();
  }
  return { ids: kept.slice(offset).map((i) => c.id[i]!), hit };
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

/**
 * Up to `cap` entries of a kind whose name or reading starts with q, best first: the two sorted
 * ranges are walked once, keeping the `cap` best positions seen.
 */
export function prefixedInMemory(
  memory: SearchMemory,
  kind: number,
  q: string,
  cap: number,
): SuggestionEntry[] {
  const k = memory.suggestions.get(kind);
  if (!k || cap <= 0) return [];
  // Every key starting with q sorts below q followed by the highest code unit.
  const end = `${q}\uffff`;
  const best: number[] = [];
  for (const [sorted, key] of [
    [k.byNorm, (e: SuggestionEntry) => e.norm],
    [k.byReading, (e: SuggestionEntry) => e.reading],
  ] as const) {
    const from = lowerBound(sorted, k.entries, key, q);
    const to = lowerBound(sorted, k.entries, key, end);
    for (let i = from; i < to; i++) {
      const at = sorted[i]!;
      if (best.length === cap && at >= best[cap - 1]!) continue;
      if (best.includes(at)) continue;
      let j = best.length;
      while (j > 0 && best[j - 1]! > at) j--;
      best.splice(j, 0, at);
      if (best.length > cap) best.pop();
    }
  }
  return best.map((i) => k.entries[i]!);
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
