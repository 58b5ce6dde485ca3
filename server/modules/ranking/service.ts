import { and, asc, eq, sql } from "drizzle-orm";
import { GENRE_IDS } from "../../../contract/genres";
import type { Pattern, SeriesItem } from "../../../contract/items";
import type { Db } from "../../db/client";
import { seriesItems } from "../cards/series-items";
import { freeBookIds, genreIdsOfSeries } from "../catalog/service";
import { purchasedVolumesBySeries } from "../commerce/service";
import { readersByBook } from "../library/service";
import { rankingRefreshes, rankings } from "./schema";

const DAY_MS = 86_400_000;

/** tp: 1 daily, 2 weekly, 3 monthly, as days of purchases and reads counted. */
export const RANKING_WINDOW_DAYS: Record<RankingType, number> = { 1: 1, 2: 7, 3: 30 };
export type RankingType = 1 | 2 | 3;
/** 1 the store ranking, 2 the free ranking (/free_ranking). */
export type RankingPagetype = 1 | 2;
export const RANKING_TYPES: readonly RankingType[] = [1, 2, 3];
export const RANKING_PAGETYPES: readonly RankingPagetype[] = [1, 2];
/** Spec 000 §9. */
export const RANKING_DEFAULTS = { tp: 2, ln: 30, pagetype: 1, genre: 1 } as const;
/** How deep each ranking is kept, and so the largest ln. */
export const RANKING_DEPTH = 100;
/** A bought volume says more than a read one: it weighs this many reads. */
export const PURCHASE_WEIGHT = 3;

export interface RankingRow {
  pagetype: RankingPagetype;
  tp: RankingType;
  genre: number;
  rank: number;
  seriesId: number;
  score: number;
  purchases: number;
  reads: number;
}

interface Tally {
  seriesId: number;
  purchases: number;
  reads: number;
  score: number;
}

const byScore = (a: Tally, b: Tally) =>
  b.score - a.score || b.purchases - a.purchases || a.seriesId - b.seriesId;

/**
 * Ranks each window's tallies, more score first; on a tie more purchases, then the older series
 * id, so order is stable. A short window that scored fewer series than a ranking holds (a quiet
 * day has a handful of sales) continues with the longer windows' order, so a block asking for
 * ten gets ten: the day's series first, then the week's, then the month's.
 */
function ranked(
  windows: Tally[][],
  pagetype: RankingPagetype,
  tp: RankingType,
  genreOf: Map<number, number[]>,
): RankingRow[] {
  const seen = new Set<number>();
  const sorted: Tally[] = [];
  for (const tallies of windows) {
    for (const t of tallies.filter((t) => t.score > 0).sort(byScore)) {
      if (seen.has(t.seriesId)) continue;
      seen.add(t.seriesId);
      sorted.push(t);
    }
  }
  const rows: RankingRow[] = [];
  for (const genre of GENRE_IDS) {
    const members =
      genre === 1 ? sorted : sorted.filter((t) => genreOf.get(t.seriesId)?.includes(genre));
    members.slice(0, RANKING_DEPTH).forEach((t, i) => {
      rows.push({ pagetype, tp, genre, rank: i + 1, ...t });
    });
  }
  return rows;
}

/**
 * Every ranking as of `now`, from the database's purchases (paid orders) and reads:
 * pagetype 1 scores PURCHASE_WEIGHT per bought volume plus one per member reading a volume;
 * pagetype 2 counts members reading the series' free volumes.
 */
export async function computeRankings(db: Db, now: Date): Promise<RankingRow[]> {
  const windows = await Promise.all(
    RANKING_TYPES.map(async (tp) => {
      const since = new Date(now.getTime() - RANKING_WINDOW_DAYS[tp] * DAY_MS);
      const [purchases, reads] = await Promise.all([
        purchasedVolumesBySeries(db, since, now),
        readersByBook(db, since, now),
      ]);
      return { tp, purchases, reads };
    }),
  );
  const free = new Set(
    await freeBookIds(
      db,
      windows.flatMap((w) => w.reads.map((r) => r.bookId)),
    ),
  );
  const seriesIds = new Set<number>();
  for (const w of windows) {
    for (const p of w.purchases) seriesIds.add(p.seriesId);
    for (const r of w.reads) seriesIds.add(r.seriesId);
  }
  const genreOf = await genreIdsOfSeries(db, [...seriesIds]);

  const tallied = windows.map(({ tp, purchases, reads }) => {
    const paid = new Map<number, Tally>();
    const freeReads = new Map<number, Tally>();
    const tally = (map: Map<number, Tally>, seriesId: number) => {
      let t = map.get(seriesId);
      if (!t) {
        t = { seriesId, purchases: 0, reads: 0, score: 0 };
        map.set(seriesId, t);
      }
      return t;
    };
    for (const p of purchases) {
      const t = tally(paid, p.seriesId);
      t.purchases += p.count;
      t.score += p.count * PURCHASE_WEIGHT;
    }
    for (const r of reads) {
      const t = tally(paid, r.seriesId);
      t.reads += r.readers;
      t.score += r.readers;
      if (free.has(r.bookId)) {
        const f = tally(freeReads, r.seriesId);
        f.reads += r.readers;
        f.score += r.readers;
      }
    }
    return { tp, paid: [...paid.values()], freeReads: [...freeReads.values()] };
  });
  const rows: RankingRow[] = [];
  tallied.forEach(({ tp }, i) => {
    // RANKING_TYPES runs from the shortest window to the longest.
    const longer = tallied.slice(i);
    rows.push(
      ...ranked(
        longer.map((w) => w.paid),
        1,
        tp,
        genreOf,
      ),
    );
    rows.push(
      ...ranked(
        longer.map((w) => w.freeReads),
        2,
        tp,
        genreOf,
      ),
    );
  });
  return rows;
}

export interface RefreshResult {
  skipped: boolean;
  rows: number;
}

/**
 * Recomputes every ranking and swaps the rows in one transaction, so readers see the old or the
 * new rankings, never a mix. With several app processes on one database, a transaction-scoped
 * advisory lock lets one of them write while the others skip; a refresh younger than
 * `minAgeMs` is not repeated.
 */
export async function refreshRankings(
  db: Db,
  opts: { now?: Date; minAgeMs?: number } = {},
): Promise<RefreshResult> {
  const now = opts.now ?? new Date();
  if (opts.minAgeMs) {
    const [last] = await db.select().from(rankingRefreshes).where(eq(rankingRefreshes.id, 1));
    if (last && Date.now() - last.refreshedAt.getTime() < opts.minAgeMs) {
      return { skipped: true, rows: 0 };
    }
  }
  const rows = await computeRankings(db, now);
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('komaya.rankings')) as locked`,
    );
    if (!(locked.rows[0] as { locked: boolean }).locked) return { skipped: true, rows: 0 };
    await tx.delete(rankings);
    for (let i = 0; i < rows.length; i += 2000) {
      await tx.insert(rankings).values(rows.slice(i, i + 2000));
    }
    await tx
      .insert(rankingRefreshes)
      .values({ id: 1, refreshedAt: new Date(), computedFor: now })
      .onConflictDoUpdate({
        target: rankingRefreshes.id,
        set: { refreshedAt: new Date(), computedFor: now },
      });
    return { skipped: false, rows: rows.length };
  });
}

export interface RankingQuery {
  pagetype: RankingPagetype;
  tp: RankingType;
  genre: number;
  ln: number;
}

export interface RankingAnswer {
  data: SeriesItem[];
  pattern: Pattern & { genre: number; type: number; pagetype: number };
}

/** The top ln series of a ranking as cards carrying their rank. */
export async function rankingList(
  db: Db,
  q: RankingQuery,
  opts: { now?: Date } = {},
): Promise<RankingAnswer> {
  const rows = await db
    .select({ rank: rankings.rank, seriesId: rankings.seriesId })
    .from(rankings)
    .where(
      and(eq(rankings.pagetype, q.pagetype), eq(rankings.tp, q.tp), eq(rankings.genre, q.genre)),
    )
    .orderBy(asc(rankings.rank))
    .limit(q.ln);
  const rankOf = new Map(rows.map((r) => [r.seriesId, r.rank]));
  const items = await seriesItems(
    db,
    rows.map((r) => r.seriesId),
    { now: opts.now },
  );
  const data = items.map((item) => ({ ...item, rank: rankOf.get(item.series_id) ?? null }));
  return {
    data,
    pattern: {
      page: 1,
      total_page: data.length > 0 ? 1 : 0,
      limit: q.ln,
      offset: 0,
      hit: data.length,
      genre: q.genre,
      type: q.tp,
      pagetype: q.pagetype,
    },
  };
}

/** When rankings were last computed: a cache key for shared ranking answers. */
export async function rankingRefreshedAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: rankingRefreshes.refreshedAt })
    .from(rankingRefreshes)
    .where(eq(rankingRefreshes.id, 1));
  return row?.at ?? null;
}
