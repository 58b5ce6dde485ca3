import { type Column, getTableName, sql } from "drizzle-orm";
import { TATEYOMI_GENRE } from "../../../contract/genres";
import { seriesGenres } from "./schema";

/**
 * A タテヨミ series (genre 20, contract/episodes): its volumes are episodes, drawn and read as one
 * vertical strip. The SQL side of the rule, for queries that carry it per row.
 */
export function episodicSeries(seriesId: Column) {
  // Both sides named with their tables: drizzle writes a single-table select's columns bare, and a
  // bare "series_id" inside the subquery is the subquery's own (every series would be タテヨミ).
  const outer = sql`${sql.identifier(getTableName(seriesId.table))}.${sql.identifier(seriesId.name)}`;
  return sql<boolean>`exists (select 1 from ${seriesGenres} as tateyomi where tateyomi.series_id = ${outer} and tateyomi.genre_id = ${TATEYOMI_GENRE})`;
}
