import { getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  authorSearchSources,
  type SeriesSearchSource,
  seriesSearchSources,
  tagSearchSources,
} from "../catalog/service";
import { purchasedVolumesBySeries } from "../commerce/service";
import { forgetSearchMemory } from "./memory-index";
import { charLength, compactField, shortGrams } from "./normalize";
import {
  SUGGEST_AUTHOR,
  SUGGEST_SERIES,
  SUGGEST_TAG,
  searchIndexState,
  searchSuggestions,
  seriesSearch,
} from "./schema";

const DAY_MS = 86_400_000;
const intArray = (values: readonly number[]) => sql`${`{${values.join(",")}}`}::int[]`;
/** The 人気 order counts volumes bought over this many days. */
export const POPULARITY_DAYS = 30;
const BATCH = 2000;
/** A rebuild that has not finished in this long is taken to have died with its process. */
const LEASE_MS = 10 * 60_000;

type SeriesRow = typeof seriesSearch.$inferInsert;
type SuggestionRow = typeof searchSuggestions.$inferInsert;

export function seriesSearchRow(
  s: SeriesSearchSource,
  popularity: number,
): Omit<SeriesRow, "indexedAt"> {
  const title = [compactField(s.name), compactField(s.nameKana)];
  const fields = [
    ...title,
    ...s.authors.flatMap((a) => [compactField(a.name), compactField(a.nameKana)]),
    s.magazineName ? compactField(s.magazineName) : "",
    ...s.tags.map((t) => compactField(t.name)),
    s.labelName ? compactField(s.labelName) : "",
    compactField(s.publisherName),
    compactField(s.publisherKana),
  ];
  const text = [...new Set(fields.filter((f) => f !== ""))].join(" ");
  return {
    seriesId: s.seriesId,
    text,
    grams: shortGrams(text),
    title: title.join(" "),
    genreIds: s.genreIds,
    categoryIds: s.categoryIds,
    tagIds: s.tags.map((t) => t.tagId),
    generationIds: s.generationIds,
    authorIds: [...new Set(s.authors.map((a) => a.authorId))],
    publisherId: s.publisherId,
    labelId: s.labelId,
    magazineId: s.magazineId,
    completeFlag: s.completeFlag,
    ratingAverage: s.ratingAverage,
    ratingCount: s.ratingCount,
    prices: s.prices,
    minPrice: s.prices.length > 0 ? Math.min(...s.prices) : null,
    releasedAt: s.latestReleaseDate,
    popularity,
  };
}

function suggestionRow(
  kind: number,
  refId: number,
  name: string,
  reading: string,
  weight: number,
): SuggestionRow {
  const norm = compactField(name);
  const read = reading ? compactField(reading) : "";
  const text = read && read !== norm ? `${norm} ${read}` : norm;
  // Suggestions match single characters only as prefixes, so only pairs are kept.
  const pairs = shortGrams(text).filter((g) => charLength(g) === 2);
  return { kind, refId, name, norm, reading: read, text, grams: pairs, weight };
}

/**
 * Inserts or updates rows by their key, sending each batch as one JSON parameter; rows whose
 * values did not change are left untouched, so a rebuild over an unchanged catalog writes
 * (and re-indexes) nothing.
 */
async function upsertChanged<T extends PgTable>(
  db: Db,
  table: T,
  key: PgColumn[],
  columns: Record<string, PgColumn>,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  if (rows.length === 0) return;
  const entries = Object.entries(columns);
  const names = entries.map(([, c]) => c.name);
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [prop, column] of entries) {
        const v = row[prop];
        out[column.name] = v instanceof Date ? v.toISOString() : (v ?? null);
      }
      return out;
    }),
  );
  const list = (prefix: string) =>
    sql.raw(names.map((n) => (prefix ? `${prefix}."${n}"` : `"${n}"`)).join(", "));
  const keyNames = new Set(key.map((c) => c.name));
  const updatable = names.filter((n) => !keyNames.has(n));
  const target = sql.raw(key.map((c) => `"${c.name}"`).join(", "));
  const set = sql.raw(updatable.map((n) => `"${n}" = excluded."${n}"`).join(", "));
  const tableName = sql.raw(`"${getTableName(table)}"`);
  const changed: SQL = sql.raw(
    `(${updatable.map((n) => `t."${n}"`).join(", ")}) is distinct from (${updatable
      .map((n) => `excluded."${n}"`)
      .join(", ")})`,
  );
  await db.execute(sql`
    insert into ${tableName} as t (${list("")})
    select ${list("r")} from json_populate_recordset(null::${tableName}, ${json}::json) r
    on conflict (${target}) do update set ${set} where ${changed}`);
}

async function popularityBySeries(db: Db, now: Date): Promise<Map<number, number>> {
  const rows = await purchasedVolumesBySeries(
    db,
    new Date(now.getTime() - POPULARITY_DAYS * DAY_MS),
    now,
  );
  return new Map(rows.map((r) => [r.seriesId, r.count]));
}

/** Takes the rebuild lease unless another process holds a live one. */
async function takeLease(db: Db, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + LEASE_MS);
  const result = await db.execute(sql`
    insert into ${searchIndexState} (id, lease_until) values (1, ${until.toISOString()})
    on conflict (id) do update set lease_until = excluded.lease_until
    where ${searchIndexState}.lease_until is null
      or ${searchIndexState}.lease_until < ${now.toISOString()}
    returning id`);
  return result.rows.length > 0;
}

const seriesColumns = {
  seriesId: seriesSearch.seriesId,
  text: seriesSearch.text,
  grams: seriesSearch.grams,
  title: seriesSearch.title,
  genreIds: seriesSearch.genreIds,
  categoryIds: seriesSearch.categoryIds,
  tagIds: seriesSearch.tagIds,
  generationIds: seriesSearch.generationIds,
  authorIds: seriesSearch.authorIds,
  publisherId: seriesSearch.publisherId,
  labelId: seriesSearch.labelId,
  magazineId: seriesSearch.magazineId,
  completeFlag: seriesSearch.completeFlag,
  ratingAverage: seriesSearch.ratingAverage,
  ratingCount: seriesSearch.ratingCount,
  prices: seriesSearch.prices,
  minPrice: seriesSearch.minPrice,
  releasedAt: seriesSearch.releasedAt,
  popularity: seriesSearch.popularity,
};

const suggestionColumns = {
  kind: searchSuggestions.kind,
  refId: searchSuggestions.refId,
  name: searchSuggestions.name,
  norm: searchSuggestions.norm,
  reading: searchSuggestions.reading,
  text: searchSuggestions.text,
  grams: searchSuggestions.grams,
  weight: searchSuggestions.weight,
};

export interface RebuildResult {
  skipped: boolean;
  series: number;
  suggestions: number;
}

/**
 * Brings series_search and search_suggestions in line with the catalog: run after seeding, by
 * the schedule (search/jobs.ts) and whenever the catalog changes. It works in batches, so other
 * queries interleave, and one process at a time does it (a lease row) unless forced.
 */
export async function rebuildSearchIndex(
  db: Db,
  options: { now?: Date; force?: boolean } = {},
): Promise<RebuildResult> {
  const now = options.now ?? new Date();
  if (!options.force && !(await takeLease(db, now))) {
    return { skipped: true, series: 0, suggestions: 0 };
  }
  const popularity = await popularityBySeries(db, now);
  const seriesIds: number[] = [];
  const suggestionKeys: string[] = [];
  const pricePoints = new Set<number>();

  for (let after = 0; ; ) {
    const batch = await seriesSearchSources(db, after, BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.seriesId;
    const rows = batch.map((s) => seriesSearchRow(s, popularity.get(s.seriesId) ?? 0));
    await upsertChanged(db, seriesSearch, [seriesSearch.seriesId], seriesColumns, rows);
    const listed = batch.filter((s) => s.latestReleaseDate && s.latestReleaseDate <= now);
    const suggestions = listed.map((s) =>
      suggestionRow(
        SUGGEST_SERIES,
        s.seriesId,
        s.name,
        s.nameKana,
        (popularity.get(s.seriesId) ?? 0) * 100 + s.ratingCount,
      ),
    );
    await upsertChanged(
      db,
      searchSuggestions,
      [searchSuggestions.kind, searchSuggestions.refId],
      suggestionColumns,
      suggestions,
    );
    for (const s of batch) {
      seriesIds.push(s.seriesId);
      for (const p of s.prices) pricePoints.add(p);
    }
    for (const s of listed) suggestionKeys.push(`${SUGGEST_SERIES}:${s.seriesId}`);
  }

  for (let after = 0; ; ) {
    const batch = await authorSearchSources(db, after, BATCH * 5);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.authorId;
    const credited = batch.filter((a) => a.seriesCount > 0);
    await upsertChanged(
      db,
      searchSuggestions,
      [searchSuggestions.kind, searchSuggestions.refId],
      suggestionColumns,
      credited.map((a) =>
        suggestionRow(SUGGEST_AUTHOR, a.authorId, a.name, a.nameKana, a.seriesCount),
      ),
    );
    for (const a of credited) suggestionKeys.push(`${SUGGEST_AUTHOR}:${a.authorId}`);
  }

  const tagRows = (await tagSearchSources(db)).filter((t) => t.seriesCount > 0);
  await upsertChanged(
    db,
    searchSuggestions,
    [searchSuggestions.kind, searchSuggestions.refId],
    suggestionColumns,
    tagRows.map((t) => suggestionRow(SUGGEST_TAG, t.tagId, t.name, "", t.seriesCount)),
  );
  for (const t of tagRows) suggestionKeys.push(`${SUGGEST_TAG}:${t.tagId}`);

  // Whatever the catalog no longer has goes.
  await db.execute(sql`
    delete from ${seriesSearch}
    where not (${seriesSearch.seriesId} = any(${intArray(seriesIds)}))`);
  await db.execute(sql`
    delete from ${searchSuggestions}
    where not ((${searchSuggestions.kind} || ':' || ${searchSuggestions.refId})
      = any(${`{${suggestionKeys.join(",")}}`}::text[]))`);

  const points = intArray([...pricePoints].sort((a, b) => a - b));
  await db.execute(sql`
    insert into ${searchIndexState} (id, rebuilt_at, popularity_at, lease_until, price_points)
    values (1, ${new Date().toISOString()}, ${new Date().toISOString()}, null, ${points})
    on conflict (id) do update set rebuilt_at = excluded.rebuilt_at,
      popularity_at = excluded.popularity_at, lease_until = null,
      price_points = excluded.price_points`);
  // Fresh statistics keep the planner on the indexes (PGlite has no autovacuum to do it).
  await db.execute(sql`analyze ${seriesSearch}`);
  await db.execute(sql`analyze ${searchSuggestions}`);
  forgetSearchMemory(db);
  return { skipped: false, series: seriesIds.length, suggestions: suggestionKeys.length };
}

/**
 * Brings the rows of some series in line with the catalog now, for a catalog change (decision
 * 0087): their search row and suggestion, and the price points a price filter offers. Each
 * series keeps the popularity the last rebuild gave it. Every instance that hears the change
 * runs it; rows already current are left untouched, so the others write nothing.
 */
export async function reindexSeries(
  db: Db,
  ids: readonly number[],
  now = new Date(),
): Promise<{ series: number }> {
  if (ids.length === 0) return { series: 0 };
  const wanted = intArray([...new Set(ids)]);
  const held = await db.execute(sql`
    select ${seriesSearch.seriesId} as id, ${seriesSearch.popularity} as popularity
    from ${seriesSearch} where ${seriesSearch.seriesId} = any(${wanted})`);
  const popularity = new Map(
    (held.rows as Array<{ id: number; popularity: number }>).map((r) => [
      Number(r.id),
      Number(r.popularity),
    ]),
  );
  const sources = await seriesSearchSources(db, 0, ids.length, ids);
  await upsertChanged(
    db,
    seriesSearch,
    [seriesSearch.seriesId],
    seriesColumns,
    sources.map((s) => seriesSearchRow(s, popularity.get(s.seriesId) ?? 0)),
  );
  const listed = sources.filter((s) => s.latestReleaseDate && s.latestReleaseDate <= now);
  await upsertChanged(
    db,
    searchSuggestions,
    [searchSuggestions.kind, searchSuggestions.refId],
    suggestionColumns,
    listed.map((s) =>
      suggestionRow(
        SUGGEST_SERIES,
        s.seriesId,
        s.name,
        s.nameKana,
        (popularity.get(s.seriesId) ?? 0) * 100 + s.ratingCount,
      ),
    ),
  );
  // A series gone from the catalog, or with nothing out yet, is no longer suggested or found.
  const found = intArray(sources.map((s) => s.seriesId));
  const suggested = intArray(listed.map((s) => s.seriesId));
  await db.execute(sql`
    delete from ${seriesSearch}
    where ${seriesSearch.seriesId} = any(${wanted}) and not (${seriesSearch.seriesId} = any(${found}))`);
  await db.execute(sql`
    delete from ${searchSuggestions}
    where ${searchSuggestions.kind} = ${SUGGEST_SERIES}
      and ${searchSuggestions.refId} = any(${wanted})
      and not (${searchSuggestions.refId} = any(${suggested}))`);
  const points = intArray([...new Set(sources.flatMap((s) => s.prices))]);
  await db.execute(sql`
    update ${searchIndexState} set price_points = array(
      select distinct p from unnest(price_points || ${points}) p order by p)
    where id = 1`);
  return { series: sources.length };
}

/**
 * Moves the 人気 order to the latest purchases without a full rebuild: only rows whose count
 * changed are written.
 */
export async function refreshSearchPopularity(db: Db, now = new Date()): Promise<number> {
  const popularity = await popularityBySeries(db, now);
  const ids = [...popularity.keys()];
  const counts = ids.map((id) => popularity.get(id)!);
  const updated = await db.execute(sql`
    update ${seriesSearch} s set popularity = coalesce(v.n, 0)
    from ${seriesSearch} x
    left join unnest(${intArray(ids)}, ${intArray(counts)})
      as v(id, n) on v.id = x.series_id
    where s.series_id = x.series_id and s.popularity <> coalesce(v.n, 0)`);
  await db.execute(sql`
    update ${searchIndexState} set popularity_at = ${now.toISOString()} where id = 1`);
  forgetSearchMemory(db);
  return updated.rowCount ?? updated.affectedRows ?? 0;
}

/**
 * Sets hint bits and visibility and refreshes statistics after a rebuild. PostgreSQL's autovacuum
 * does this by itself; embedded PGlite has none, so the schedule calls it. Not inside a
 * transaction.
 */
export async function vacuumSearchTables(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) ${seriesSearch}, ${searchSuggestions}`);
}
