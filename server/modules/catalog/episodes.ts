import { and, type Column, eq, sql } from "drizzle-orm";
import { TATEYOMI_GENRE } from "../../../contract/genres";
import type { Db } from "../../db/client";
import { seriesGenres } from "./schema";

/**
 * A タテヨミ series (genre 20, contract/episodes): its volumes are episodes, drawn and read as one
 * vertical strip. The SQL side of the rule, for queries that carry it per row.
 */
export function episodicSeries(seriesId: Column) {
  return sql<boolean>`exists (select 1 from ${seriesGenres} where ${seriesGenres.seriesId} = ${seriesId} and ${seriesGenres.genreId} = ${TATEYOMI_GENRE})`;
}

/** Whether one series is タテヨミ. */
export async function seriesReadsAsEpisodes(db: Db, seriesId: number): Promise<boolean> {
  const [row] = await db
    .select({ seriesId: seriesGenres.seriesId })
    .from(seriesGenres)
    .where(and(eq(seriesGenres.seriesId, seriesId), eq(seriesGenres.genreId, TATEYOMI_GENRE)))
    .limit(1);
  return row !== undefined;
}
