import { and, asc, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { series } from "./schema";

/**
 * series.volume_count, latest_book_id and latest_release_date let every series list render and
 * sort without reading volumes, and a series without a latest volume is in no list, search or
 * sitemap. The seed writes them from what it generated; after that this is the one place that
 * keeps them in step: the volumes counted are those in the store and out (published, on sale,
 * released), of a series itself in the store. summary_due_at is the next moment that set
 * changes by itself (a publish or release time still to come), for refreshDueSummaries.
 */
export async function refreshSeriesSummary(db: Db | Tx, seriesId: number, now: Date) {
  const at = now.toISOString();
  // The publication rule of publication.ts, in the one statement that needs it for two tables.
  const bookIn = sql`not b.draft and b.withdrawn_at is null`;
  await db.execute(sql`
    with s as (
      select series_id, publish_at,
        (not draft and withdrawn_at is null and (publish_at is null or publish_at <= ${at}::timestamptz)) as listed
      from ${series} where series_id = ${seriesId}
    ), out_now as (
      select b.book_id, b.volume, b.item_start_date from books b join s on s.series_id = b.series_id
      where s.listed and ${bookIn} and b.onsale_flag
        and (b.publish_at is null or b.publish_at <= ${at}::timestamptz)
        and b.item_start_date <= ${at}::timestamptz
    ), latest as (
      select book_id, item_start_date from out_now order by volume desc limit 1
    ), upcoming as (
      select s.publish_at as t from s where s.publish_at > ${at}::timestamptz
      union all
      select b.publish_at from books b where b.series_id = ${seriesId} and ${bookIn}
        and b.publish_at > ${at}::timestamptz
      union all
      select b.item_start_date from books b where b.series_id = ${seriesId} and ${bookIn}
        and b.onsale_flag and b.item_start_date > ${at}::timestamptz
    )
    update ${series} set
      volume_count = (select count(*)::int from out_now),
      latest_book_id = (select book_id from latest),
      latest_release_date = (select item_start_date from latest),
      summary_due_at = (select min(t) from upcoming)
    where series_id = ${seriesId}`);
}

/**
 * Refreshes every series whose summary_due_at has come: a volume scheduled for tomorrow joins
 * its series' lists by itself at its time. Answers the series refreshed, so the caller can tell
 * every instance (a CatalogChange) that they changed.
 */
export async function refreshDueSummaries(db: Db, now: Date, limit = 500): Promise<number[]> {
  const due = await db
    .select({ seriesId: series.seriesId })
    .from(series)
    .where(and(isNotNull(series.summaryDueAt), lte(series.summaryDueAt, now)))
    .orderBy(asc(series.summaryDueAt))
    .limit(limit);
  for (const { seriesId } of due) await refreshSeriesSummary(db, seriesId, now);
  return due.map((d) => d.seriesId);
}

/** The earliest summary_due_at still to come after `after`, for the schedule's next look. */
export async function nextSummaryDue(db: Db, after: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: series.summaryDueAt })
    .from(series)
    .where(gt(series.summaryDueAt, after))
    .orderBy(asc(series.summaryDueAt))
    .limit(1);
  return row?.at ?? null;
}
