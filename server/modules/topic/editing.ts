import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { artNamesIn, recordArt } from "../media/art";
import { type TopicPage, topicPages } from "./schema";
import type { TopicPageType } from "./service";

/**
 * Topic pages as the /ops topic editor reads and writes them (issue 24). The editor's service
 * wraps each write in its audited transaction; these only touch the table.
 */
type Conn = Db | Tx;

export type EditorTopicPage = TopicPage;

export async function editorTopicPages(db: Db): Promise<TopicPage[]> {
  return db
    .select()
    .from(topicPages)
    .orderBy(asc(topicPages.pageType), asc(topicPages.topicPageId));
}

export async function editorTopicPage(
  db: Conn,
  pageType: TopicPageType,
  pageName: string,
): Promise<TopicPage | null> {
  const [row] = await db
    .select()
    .from(topicPages)
    .where(and(eq(topicPages.pageType, pageType), eq(topicPages.pageName, pageName)));
  return row ?? null;
}

export interface TopicPageValues {
  title: string;
  description: string | null;
  startAt: Date | null;
  endAt: Date | null;
}

/** A new page, a draft with no blocks until it is written and published. */
export async function insertTopicPage(
  tx: Tx,
  page: { pageType: TopicPageType; pageName: string } & TopicPageValues,
  now: Date,
): Promise<void> {
  await tx.insert(topicPages).values({ ...page, content: "[]", draft: true, updatedAt: now });
}

/** The page's fields and content; decorative images the content names become drawable. */
export async function updateTopicPage(
  tx: Tx,
  id: number,
  values: TopicPageValues & { content: string },
  now: Date,
): Promise<void> {
  await tx
    .update(topicPages)
    .set({ ...values, updatedAt: now })
    .where(eq(topicPages.topicPageId, id));
  await recordArt(tx, artNamesIn(values.content));
}

export async function setTopicPageDraft(tx: Tx, id: number, draft: boolean, now: Date) {
  await tx.update(topicPages).set({ draft, updatedAt: now }).where(eq(topicPages.topicPageId, id));
}
