import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { homeLayoutItems, homeLayouts, hotWords, menuTopicContents } from "./schema";

export async function hotWordsOfGenre(db: Db, genre: number): Promise<Array<{ word: string }>> {
  return db
    .select({ word: hotWords.word })
    .from(hotWords)
    .where(eq(hotWords.genre, genre))
    .orderBy(asc(hotWords.position));
}

/** Feature-card sections (spec 000 types 3, 15, 22): their items are the store's feature articles. */
export const FEATURE_LAYOUT_TYPES = [3, 15, 22] as const;

export interface FeatureEntry {
  img: string;
  title: string;
  description: string;
  url: string;
  featureTag: string;
  seriesId: number | null;
}

/**
 * Feature articles shown in running feature sections, each once (the same article may sit on
 * several genres' homes), optionally only those about one series.
 */
export async function featureEntries(
  db: Db,
  opts: { seriesId?: number; limit: number; offset?: number; now?: Date },
): Promise<{ entries: FeatureEntry[]; total: number }> {
  const now = opts.now ?? new Date();
  const where = and(
    inArray(homeLayouts.layoutType, [...FEATURE_LAYOUT_TYPES]),
    isNotNull(homeLayoutItems.title),
    isNotNull(homeLayoutItems.url),
    or(isNull(homeLayouts.startAt), lte(homeLayouts.startAt, now)),
    or(isNull(homeLayouts.endAt), gt(homeLayouts.endAt, now)),
    opts.seriesId === undefined ? undefined : eq(homeLayoutItems.seriesId, opts.seriesId),
  );
  const distinctArticles = db
    .selectDistinctOn([homeLayoutItems.url, homeLayoutItems.title, homeLayoutItems.seriesId], {
      img: sql<string>`coalesce(${homeLayoutItems.img}, '')`.as("img"),
      title: sql<string>`${homeLayoutItems.title}`.as("title"),
      description: sql<string>`coalesce(${homeLayoutItems.description}, '')`.as("description"),
      url: sql<string>`${homeLayoutItems.url}`.as("url"),
      featureTag: sql<string>`coalesce(${homeLayoutItems.featureTag}, '')`.as("feature_tag"),
      seriesId: homeLayoutItems.seriesId,
      layoutItemId: homeLayoutItems.layoutItemId,
    })
    .from(homeLayoutItems)
    .innerJoin(homeLayouts, eq(homeLayouts.layoutId, homeLayoutItems.layoutId))
    .where(where)
    .orderBy(
      homeLayoutItems.url,
      homeLayoutItems.title,
      homeLayoutItems.seriesId,
      asc(homeLayoutItems.layoutItemId),
    )
    .as("articles");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        img: distinctArticles.img,
        title: distinctArticles.title,
        description: distinctArticles.description,
        url: distinctArticles.url,
        featureTag: distinctArticles.featureTag,
        seriesId: distinctArticles.seriesId,
      })
      .from(distinctArticles)
      .orderBy(asc(distinctArticles.layoutItemId))
      .limit(opts.limit)
      .offset(opts.offset ?? 0),
    db.select({ n: count() }).from(distinctArticles),
  ]);
  return { entries: rows, total: total?.n ?? 0 };
}

/** The drawer's topic content of a genre (spec 001 §2.4); genre 0 holds the default. */
export async function menuTopicContent(db: Db, genre: number): Promise<unknown[] | null> {
  const rows = await db
    .select({ genre: menuTopicContents.genre, content: menuTopicContents.content })
    .from(menuTopicContents)
    .where(inArray(menuTopicContents.genre, [genre, 0]));
  const row = rows.find((r) => r.genre === genre) ?? rows.find((r) => r.genre === 0);
  return Array.isArray(row?.content) ? row.content : null;
}

/**
 * A section's series in its order, each once: what /more/{layoutId} and /search?tp={layoutId}
 * list. Null when no such section exists.
 */
export async function layoutSeriesList(
  db: Db,
  layoutId: number,
): Promise<{ layoutId: number; title: string | null; genre: number; seriesIds: number[] } | null> {
  const [layout] = await db
    .select({ layoutId: homeLayouts.layoutId, title: homeLayouts.title, genre: homeLayouts.genre })
    .from(homeLayouts)
    .where(eq(homeLayouts.layoutId, layoutId));
  if (!layout) return null;
  const rows = await db
    .select({ seriesId: homeLayoutItems.seriesId })
    .from(homeLayoutItems)
    .where(and(eq(homeLayoutItems.layoutId, layoutId), isNotNull(homeLayoutItems.seriesId)))
    .orderBy(asc(homeLayoutItems.position));
  return { ...layout, seriesIds: [...new Set(rows.map((r) => r.seriesId!))] };
}

/** A drama CD section's CDs in its order: what /doramacd?content={layoutId} lists. */
export async function layoutCdList(
  db: Db,
  layoutId: number,
): Promise<{ layoutId: number; title: string | null; cdIds: number[] } | null> {
  const [layout] = await db
    .select({ layoutId: homeLayouts.layoutId, title: homeLayouts.title })
    .from(homeLayouts)
    .where(eq(homeLayouts.layoutId, layoutId));
  if (!layout) return null;
  const rows = await db
    .select({ cdId: homeLayoutItems.cdId })
    .from(homeLayoutItems)
    .where(and(eq(homeLayoutItems.layoutId, layoutId), isNotNull(homeLayoutItems.cdId)))
    .orderBy(asc(homeLayoutItems.position));
  return { ...layout, cdIds: [...new Set(rows.map((r) => r.cdId!))] };
}
