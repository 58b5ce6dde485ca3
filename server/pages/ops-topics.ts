import type { AppServices } from "../lib/context";
import type { TopicPageType } from "../modules/topic/service";
import { getTopicPageForEditor, listTopicPagesForEditor } from "../modules/topic-editor/service";

/**
 * The pages of the topic page editor (issue 24): the same answers as the GET calls of
 * /api/ops/topic-pages.
 */
export const opsTopicList = (services: AppServices) => listTopicPagesForEditor(services.db);

export const opsTopicPage = (services: AppServices, type: TopicPageType, name: string) =>
  getTopicPageForEditor(services.db, type, name);
