import { and, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type News, news } from "./schema";

/**
 * The notices as the /ops news editor reads and writes them (issue 24). The editor's service
 * wraps each write in its audited transaction; these only touch the table.
 */
type Conn = Db | Tx;

export type NewsRecord = News;

export interface NewsValues {
  title: string;
  body: string;
  publishedAt: Date;
  important: boolean;
}

/** Every notice, drafts and withdrawn ones too, newest time first; matched on id or title. */
export async function editorNewsList(db: Db, query: { q: string; page: number; pageSize: number }) {
  const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byId = /^\d{1,9}$/.test(query.q) ? eq(news.mNewsId, Number(query.q)) : undefined;
  const where: SQL | undefined = query.q ? or(byId, ilike(news.title, pattern)) : undefined;
  const rows = await db
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.publishedAt), desc(news.mNewsId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(news).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function editorNews(db: Conn, id: number): Promise<NewsRecord | null> {
  const [row] = await db.select().from(news).where(eq(news.mNewsId, id));
  return row ?? null;
}

/** A new notice, a draft until it is published. */
export async function insertNews(tx: Tx, values: NewsValues): Promise<number> {
  const [row] = await tx
    .insert(news)
    .values({ ...values, draft: true })
    .returning({ id: news.mNewsId });
  return row!.id;
}

export async function updateNews(tx: Tx, id: number, values: NewsValues) {
  await tx.update(news).set(values).where(eq(news.mNewsId, id));
}

/** Publish (no longer a draft), withdraw, or restore what was withdrawn. */
export async function setNewsPublication(
  tx: Tx,
  id: number,
  action: "publish" | "withdraw" | "restore",
  now: Date,
) {
  const set =
    action === "publish"
      ? { draft: false }
      : action === "withdraw"
        ? { withdrawnAt: now }
        : { withdrawnAt: null };
  await tx.update(news).set(set).where(eq(news.mNewsId, id));
}

/**
 * Published notices whose time came in (since, until], and the next time ahead: the catalog
 * schedule tells every instance then, so a home answer kept for 30 s shows a scheduled notice
 * at its time, not up to 30 s late.
 */
export async function newsPublishTimes(db: Db, since: Date, until: Date) {
  const live = and(eq(news.draft, false), isNull(news.withdrawnAt));
  const due = await db
    .select({ id: news.mNewsId })
    .from(news)
    .where(and(live, gt(news.publishedAt, since), lte(news.publishedAt, until)));
  const [next] = await db
    .select({ at: news.publishedAt })
    .from(news)
    .where(and(live, gt(news.publishedAt, until)))
    .orderBy(news.publishedAt)
    .limit(1);
  return { due: due.map((d) => d.id), next: next?.at ?? null };
}
