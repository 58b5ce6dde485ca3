import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { books, series } from "./schema";

/**
 * When a series or volume is in the store (decision 0091), written once for SQL and once for
 * rows already read, side by side so they cannot drift: not a draft, its publish time reached
 * (none set: at once) and not withdrawn.
 */
export interface Publication {
  draft: boolean;
  publishAt: Date | null;
  withdrawnAt: Date | null;
}

export function publishedAt(row: Partial<Publication>, now: Date): boolean {
  return (
    row.draft !== true &&
    row.withdrawnAt == null &&
    (row.publishAt == null || row.publishAt.getTime() <= now.getTime())
  );
}

function publishedSql(
  columns: { draft: AnyPgColumn; publishAt: AnyPgColumn; withdrawnAt: AnyPgColumn },
  now: Date,
): SQL {
  return and(
    eq(columns.draft, false),
    isNull(columns.withdrawnAt),
    or(isNull(columns.publishAt), lte(columns.publishAt, now)),
  )!;
}

/** The series is in the store at `now`. */
export const seriesPublished = (now: Date) => publishedSql(series, now);

/** The volume itself is in the store at `now` (its series is asked separately). */
export const bookPublished = (now: Date) => publishedSql(books, now);

/**
 * A volume's publication with its series' folded in, for reads that join series: the volume is
 * a draft if either is, published from the later of their publish times, withdrawn if either is.
 */
export const volumePublication = {
  draft: sql<boolean>`(${books.draft} or ${series.draft})`.mapWith(books.draft),
  publishAt: sql<Date | null>`greatest(${books.publishAt}, ${series.publishAt})`.mapWith(
    books.publishAt,
  ),
  withdrawnAt: sql<Date | null>`coalesce(${books.withdrawnAt}, ${series.withdrawnAt})`.mapWith(
    books.withdrawnAt,
  ),
};

/** The volume's own sale and free windows (decision 0092), as pricing reads them. */
export const volumeWindows = {
  salePriceInc: books.salePriceInc,
  saleStartAt: books.saleStartAt,
  saleEndAt: books.saleEndAt,
  freeStartAt: books.freeStartAt,
  freeEndAt: books.freeEndAt,
  memberFreeStartAt: books.memberFreeStartAt,
  memberFreeEndAt: books.memberFreeEndAt,
};
