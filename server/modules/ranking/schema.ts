import { index, integer, pgTable, primaryKey, smallint, timestamp } from "drizzle-orm/pg-core";

/**
 * Computed rankings (ranking/service.ts refreshRankings), replaced as a whole by each refresh.
 * pagetype 1 is the store ranking (purchases and reads), 2 the free ranking (reads of free
 * volumes); tp 1 daily, 2 weekly, 3 monthly; genre 1 means every genre. Series ids belong to
 * the catalog and stay plain integers.
 */
export const rankings = pgTable(
  "rankings",
  {
    pagetype: smallint("pagetype").notNull(),
    tp: smallint("tp").notNull(),
    genre: smallint("genre").notNull(),
    rank: integer("rank").notNull(),
    seriesId: integer("series_id").notNull(),
    score: integer("score").notNull(),
    purchases: integer("purchases").notNull(),
    reads: integer("reads").notNull(),
  },
  (t) => [
    primaryKey({ name: "rankings_pkey", columns: [t.pagetype, t.tp, t.genre, t.rank] }),
    index("rankings_series_idx").on(t.seriesId),
  ],
);

/** One row (id 1): when rankings were last computed, and up to which moment. */
export const rankingRefreshes = pgTable("ranking_refreshes", {
  id: smallint("id").primaryKey(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull(),
  /** The end of the windows the rows were computed for. */
  computedFor: timestamp("computed_for", { withTimezone: true }).notNull(),
});
