import type { Db } from "../db/client";
import {
  findTopicPage,
  listTopicPages,
  pageFields,
  type TopicPageType,
} from "../modules/topic/service";

/** The staff topic editor's page picker: every topic and store page. */
export async function editorPageOptions(db: Db) {
  const pages = await listTopicPages(db);
  return pages.map(({ pageName, pageType, title }) => ({ pageName, pageType, title }));
}

/** The page the staff topic editor opens, with its fields; null when there is no such page. */
export async function editorPage(db: Db, chosen: { pageName: string; pageType: TopicPageType }) {
  const page = await findTopicPage(db, chosen.pageType, chosen.pageName);
  if (!page) return null;
  return {
    pageName: page.pageName,
    pageType: page.pageType as TopicPageType,
    title: page.title,
    content: page.content,
    updatedAt: page.updatedAt.toISOString(),
    ...(await pageFields(db, page)),
  };
}
