import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { artNamesIn, recordArt } from "../media/art";
import { type TopicPage, topicPages } from "./schema";

export type TopicPageType = "topic" | "page";

export interface TopicPageSummary {
  pageName: string;
  pageType: TopicPageType;
  title: string;
  updatedAt: Date;
  startAt: Date | null;
  endAt: Date | null;
}

/** Every topic page, for the staff editor's picker and the debug screens. */
export async function listTopicPages(db: Db): Promise<TopicPageSummary[]> {
  const rows = await db
    .select({
      pageName: topicPages.pageName,
      pageType: topicPages.pageType,
      title: topicPages.title,
      updatedAt: topicPages.updatedAt,
      startAt: topicPages.startAt,
      endAt: topicPages.endAt,
    })
    .from(topicPages)
    .orderBy(asc(topicPages.pageType), asc(topicPages.topicPageId));
  return rows.map((r) => ({ ...r, pageType: r.pageType as TopicPageType }));
}

export async function findTopicPage(
  db: Db,
  pageType: TopicPageType,
  pageName: string,
): Promise<TopicPage | null> {
  const [row] = await db
    .select()
    .from(topicPages)
    .where(and(eq(topicPages.pageType, pageType), eq(topicPages.pageName, pageName)));
  return row ?? null;
}

/**
 * Replaces a page's content. The caller has checked it (checkTopicJson); null when no such page
 * exists, so the editor never creates pages by accident. Decorative images the new content links
 * to (/media/{kind}/{name}.png) become drawable.
 */
export async function updateTopicPageContent(
  db: Db,
  pageType: TopicPageType,
  pageName: string,
  content: string,
  now = new Date(),
): Promise<TopicPage | null> {
  const [row] = await db
    .update(topicPages)
    .set({ content, updatedAt: now })
    .where(and(eq(topicPages.pageType, pageType), eq(topicPages.pageName, pageName)))
    .returning();
  if (row) await recordArt(db, artNamesIn(content));
  return row ?? null;
}
