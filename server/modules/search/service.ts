import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Pattern, SeriesItem } from "../../../contract/items";
import {
  hasCondition,
  type SearchCondition,
  type SearchInput,
  searchCondition,
} from "../../../contract/search";
import type { Db } from "../../db/client";
import { seriesItems } from "../cards/series-items";
import { layoutSeriesList } from "../home/service";
import { clearSearchWords, recentSearchWords, recordSearchWord } from "../library/service";
import { searchCards } from "./card-memory";
import {
  containedInMemory,
  heldSearchMemory,
  prefixedInMemory,
  type SearchMemory,
  searchInMemory,
  searchMemory,
} from "./memory-index";
import { charLength, compactField, escapeLike, queryTerms } from "./normalize";
import {
  SUGGEST_AUTHOR,
  SUGGEST_SERIES,
  SUGGEST_TAG,
  searchIndexState,
  searchSuggestions,
  seriesSearch,
} from "./schema";

/** Results per page of /search and /more. */
export const SEARCH_PAGE_SIZE = 30;

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/**
 * Whether the text holds the term. Three characters or more use the trigram index; one or two
 * use the array of short pieces (exact, as terms and stored words hold no spaces).
 */
function termMatches(column: AnyPgColumn, grams: AnyPgColumn, term: string): SQL {
  if (charLength(term) <= 2)
    return sql`${grams} @> ${`{"${term.replace(/["\\]/g, "\\$&")}"}`}::text[]`;
  return sql`${column} like ${`%${escapeLike(term)}%`}`;
}

export interface IdPage {
  ids: number[];
  hit: number;
}

/**
 * The ids of one page of a search, in order, and how many series match in all: from the copy of
 * the search table this process holds, or from the database while that copy is being read.
 */
export async function searchSeriesIds(
  db: Db,
  input: SearchInput,
  opts: { now?: Date; limit?: number; from?: "memory" | "database" } = {},
): Promise<IdPage> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? SEARCH_PAGE_SIZE;
  let layoutIds: number[] | null = null;
  if (input.tp !== undefined) {
    layoutIds = (await layoutSeriesList(db, input.tp))?.seriesIds ?? [];
    if (layoutIds.length === 0) return { ids: [], hit: 0 };
  }
  const memory =
    opts.from === "database"
      ? null
      : opts.from === "memory"
        ? await searchMemory(db)
        : heldSearchMemory(db);
  if (memory) return searchInMemory(memory, input, { now, limit, layoutIds });
  return searchSeriesIdsInDatabase(db, input, { now, limit, layoutIds });
}

async function searchSeriesIdsInDatabase(
  db: Db,
  input: SearchInput,
  { now, limit, layoutIds }: { now: Date; limit: number; layoutIds: number[] | null },
): Promise<IdPage> {
  const s = seriesSearch;
  const where: SQL[] = [sql`${s.releasedAt} <= ${now.toISOString()}`];
  const terms = queryTerms(input.wd);
  for (const term of terms) where.push(termMatches(s.text, s.grams, term));
  if (layoutIds) where.push(sql`${s.seriesId} = any(${intArray(layoutIds)})`);
  if (input.gn.length > 0) where.push(sql`${s.genreIds} && ${intArray(input.gn)}`);
  if (input.cg.length > 0) where.push(sql`${s.categoryIds} && ${intArray(input.cg)}`);
  if (input.tg.length > 0) where.push(sql`${s.tagIds} && ${intArray(input.tg)}`);
  if (input.at !== undefined) where.push(sql`${s.authorIds} @> ${intArray([input.at])}`);
  if (input.gr !== undefined) where.push(sql`${s.generationIds} @> ${intArray([input.gr])}`);
  if (input.pb !== undefined) where.push(sql`${s.publisherId} = ${input.pb}`);
  if (input.lb !== undefined) where.push(sql`${s.labelId} = ${input.lb}`);
  if (input.mz !== undefined) where.push(sql`${s.magazineId} = ${input.mz}`);
  if (input.rt !== undefined) where.push(sql`${s.ratingAverage} >= ${input.rt}`);
  if (input.ft === 1) where.push(sql`${s.completeFlag}`);
  if (input.ft === 2) where.push(sql`not ${s.completeFlag}`);
  if (input.ps !== undefined || input.pe !== undefined) {
    const low = input.ps ?? 0;
    const high = input.pe ?? 2_147_483_647;
    where.push(sql`${s.prices} && (select coalesce(array_agg(p), '{}') from ${searchIndexState} st,
      unnest(st.price_points) p where st.id = 1 and p between ${low} and ${high})`);
  }

  const order: SQL[] = [];
  switch (input.sort) {
    case 1:
      order.push(sql`${s.releasedAt} desc`);
      break;
    case 2:
      order.push(sql`${s.popularity} desc`, sql`${s.ratingCount} desc`);
      break;
    case 3:
      order.push(sql`${s.ratingAverage} desc`, sql`${s.ratingCount} desc`);
      break;
    case 4:
      order.push(sql`${s.minPrice} asc nulls last`);
      break;
    case 5:
      order.push(sql`${s.minPrice} desc nulls last`);
      break;
    default:
      // おすすめ: a section's own order; for words, series whose title holds every word first.
      if (layoutIds && terms.length === 0) {
        order.push(sql`array_position(${intArray(layoutIds)}, ${s.seriesId})`);
      } else if (terms.length > 0) {
        const inTitle = sql.join(
          terms.map((t) => sql`${s.title} like ${`%${escapeLike(t)}%`}`),
          sql` and `,
        );
        order.push(sql`(${inTitle}) desc`);
      }
      order.push(sql`${s.popularity} desc`, sql`${s.ratingCount} desc`);
  }
  order.push(sql`${s.releasedAt} desc`, sql`${s.seriesId} desc`);

  const result = await db.execute(sql`
    select ${s.seriesId} as id, count(*) over () as hit
    from ${s}
    where ${sql.join(where, sql` and `)}
    order by ${sql.join(order, sql`, `)}
    limit ${limit} offset ${(input.pn - 1) * limit}`);
  const rows = result.rows as Array<{ id: number; hit: number | string }>;
  if (rows.length > 0) return { ids: rows.map((r) => r.id), hit: Number(rows[0]!.hit) };
  if (input.pn === 1) return { ids: [], hit: 0 };
  // Past the last page: the total still tells the page how many pages there are.
  const counted = await db.execute(
    sql`select count(*)::int as hit from ${s} where ${sql.join(where, sql` and `)}`,
  );
  return { ids: [], hit: Number((counted.rows[0] as { hit: number }).hit) };
}

export function pattern(page: number, limit: number, hit: number): Pattern {
  return {
    page,
    total_page: Math.ceil(hit / limit),
    limit,
    offset: (page - 1) * limit,
    hit,
  };
}

export interface SearchAnswer {
  data: SeriesItem[];
  pattern: Pattern;
  condition: SearchCondition;
}

/**
 * /api/search, /search and /more: one page of series cards for the short keys. Nothing is
 * searched without a word or a filter, except for `wholeCatalog` (/more without a section,
 * e.g. 新着マンガ's もっと見る as /more?sort=1), which lists every released series.
 * A member's word goes to their search history.
 */
export async function searchSeries(
  db: Db,
  input: SearchInput,
  opts: { now?: Date; memberId?: number | null; wholeCatalog?: boolean } = {},
): Promise<SearchAnswer> {
  const now = opts.now ?? new Date();
  const live = opts.now === undefined;
  const condition = searchCondition(input);
  if (!hasCondition(input) && !opts.wholeCatalog) {
    return { data: [], pattern: pattern(input.pn, SEARCH_PAGE_SIZE, 0), condition };
  }
  const page = await searchSeriesIds(db, input, { now });
  if (opts.memberId && input.wd !== "") await recordSearchWord(db, opts.memberId, input.wd, now);
  return {
    // A search on the live clock reads the copy held in memory; one at a given moment (tests,
    // the copy's own parity test) reads the database.
    data: live ? await searchCards(db, page.ids, now) : await seriesItems(db, page.ids, { now }),
    pattern: pattern(input.pn, SEARCH_PAGE_SIZE, page.hit),
    condition,
  };
}

export type SuggestionType = "series" | "author" | "tag";

export interface Suggestion {
  type: SuggestionType;
  id: number;
  name: string;
  url: string;
  /** Set on titles, so a search box can link the series page itself. */
  series_id?: number;
}

const KIND_TYPE: Record<number, SuggestionType> = {
  [SUGGEST_SERIES]: "series",
  [SUGGEST_AUTHOR]: "author",
  [SUGGEST_TAG]: "tag",
};

/** How many of each kind a suggestion list may hold, so titles do not crowd out the rest. */
const SUGGEST_CAPS: Record<number, number> = {
  [SUGGEST_SERIES]: 6,
  [SUGGEST_AUTHOR]: 3,
  [SUGGEST_TAG]: 3,
};

function suggestionUrl(kind: number, id: number): string {
  if (kind === SUGGEST_SERIES) return `/series/${id}?_tr=suggest`;
  if (kind === SUGGEST_AUTHOR) return `/search?at=${id}`;
  return `/search?tg=${id}`;
}

type SuggestionRow = { kind: number; ref_id: number; name: string };
const SUGGEST_KINDS = [SUGGEST_SERIES, SUGGEST_AUTHOR, SUGGEST_TAG];

/**
 * Type-ahead for the search box: titles, authors and tags whose name or reading starts with what
 * was typed come first, then those that contain it; among equals the more popular first.
 */
export async function suggest(
  db: Db,
  word: string,
  opts: { from?: "memory" | "database" } = {},
): Promise<Suggestion[]> {
  const q = compactField(word);
  if (q === "") return [];
  const memory =
    opts.from === "database"
      ? null
      : opts.from === "memory"
        ? await searchMemory(db)
        : heldSearchMemory(db);
  const rows = memory ? suggestInMemory(memory, q) : await suggestFromDatabase(db, q);
  return rows.map((r) => ({
    type: KIND_TYPE[r.kind]!,
    id: r.ref_id,
    name: r.name,
    url: suggestionUrl(r.kind, r.ref_id),
    ...(r.kind === SUGGEST_SERIES ? { series_id: r.ref_id } : {}),
  }));
}

function suggestInMemory(memory: SearchMemory, q: string): SuggestionRow[] {
  const prefixed = SUGGEST_KINDS.map((kind) =>
    prefixedInMemory(memory, kind, q, SUGGEST_CAPS[kind]!),
  );
  // A single character inside names is too loose a hint to offer; it only matches as a prefix.
  const contained =
    charLength(q) >= 2
      ? SUGGEST_KINDS.map((kind, i) =>
          containedInMemory(
            memory,
            kind,
            q,
            SUGGEST_CAPS[kind]! - prefixed[i]!.length,
            new Set(prefixed[i]!.map((e) => e.refId)),
          ),
        )
      : [];
  return [...prefixed.flat(), ...contained.flat()].map((e) => ({
    kind: e.kind,
    ref_id: e.refId,
    name: e.name,
  }));
}

async function suggestFromDatabase(db: Db, q: string): Promise<SuggestionRow[]> {
  const t = searchSuggestions;
  const prefix = `${escapeLike(q)}%`;
  const isPrefix = sql`(${t.norm} like ${prefix} or ${t.reading} like ${prefix})`;
  // One small query per kind keeps each to its top few. "weight + 0" keeps the planner off a walk
  // down a weight index, which is quick for common words but reads every row for rare ones.
  const pick = (where: SQL, kinds: number[], exclude: SuggestionRow[]) =>
    kinds.length === 0
      ? Promise.resolve([] as SuggestionRow[])
      : db
          .execute(
            sql.join(
              kinds.map((kind) => {
                const seen = exclude.filter((r) => r.kind === kind).map((r) => r.ref_id);
                return sql`(select ${t.kind} as kind, ${t.refId} as ref_id, ${t.name} as name
                  from ${t} where ${t.kind} = ${sql.raw(String(kind))} and ${where}
                  ${seen.length > 0 ? sql`and not (${t.refId} = any(${intArray(seen)}))` : sql``}
                  order by ${t.weight} + 0 desc, ${t.refId}
                  limit ${sql.raw(String(SUGGEST_CAPS[kind]! - seen.length))})`;
              }),
              sql` union all `,
            ),
          )
          .then((r) => r.rows as SuggestionRow[]);
  const prefixed = await pick(isPrefix, SUGGEST_KINDS, []);
  const short = SUGGEST_KINDS.filter(
    (kind) => prefixed.filter((r) => r.kind === kind).length < SUGGEST_CAPS[kind]!,
  );
  const contained =
    charLength(q) >= 2 ? await pick(termMatches(t.text, t.grams, q), short, prefixed) : [];
  const byKind = (rows: SuggestionRow[]) =>
    SUGGEST_KINDS.flatMap((kind) => rows.filter((r) => r.kind === kind));
  return [...byKind(prefixed), ...byKind(contained)].map((r) => ({
    kind: Number(r.kind),
    ref_id: Number(r.ref_id),
    name: r.name,
  }));
}

/** The member's search words for the search box, newest first. */
export async function searchHistoryOf(db: Db, memberId: number) {
  const rows = await recentSearchWords(db, memberId);
  return rows.map((r) => ({ word: r.word, searched_at: r.searchedAt.toISOString() }));
}

export async function clearSearchHistory(db: Db, memberId: number): Promise<void> {
  await clearSearchWords(db, memberId);
}
