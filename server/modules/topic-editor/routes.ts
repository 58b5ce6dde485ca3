import { Hono } from "hono";
import { z } from "zod";
import {
  newTopicPagePayload,
  TOPIC_PAGE_NAME,
  topicPageQuery,
  topicPageSavePayload,
  topicPreviewPayload,
} from "../../../contract/ops-topics";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import { staffWith } from "../staff/request";
import {
  changeTopicPublication,
  createTopicPage,
  getTopicPageForEditor,
  listTopicPagesForEditor,
  previewTopicContent,
  saveTopicPage,
  type TopicPageAction,
} from "./service";

const pageParams = z.object({
  pageName: z.string().regex(TOPIC_PAGE_NAME, "ページ名が正しくありません"),
});
const ACTIONS: TopicPageAction[] = ["publish", "withdraw"];

/**
 * /api/ops/topic-pages (issue 24): thin handlers, each the role check first (reading and
 * previewing: ops.read; writing: content.write), then the zod payload, then one audited write.
 * A page is named by its name and ?type= (topic or page), as the store's addresses name it.
 */
export function topicEditorRoutes(services: AppServices): Hono<AppEnv> {
  const { db } = services;
  const deps = { db, changes: services.changes };
  const routes = new Hono<AppEnv>();

  routes.get("/topic-pages", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({ result: true, pages: await listTopicPagesForEditor(db) });
  });
  routes.post("/topic-pages", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const input = await readJson(c, newTopicPagePayload);
    return c.json({ result: true, page: await createTopicPage(deps, staff, input) });
  });
  // Drawing content is no write: whoever may read the back office may preview.
  routes.post("/topic-pages/preview", async (c) => {
    await staffWith(c, services, "ops.read");
    const input = await readJson(c, topicPreviewPayload);
    return c.json({ result: true, preview: await previewTopicContent(db, input) });
  });
  routes.get("/topic-pages/:pageName", async (c) => {
    await staffWith(c, services, "ops.read");
    const { pageName } = readParams(c, pageParams);
    const { type } = readQuery(c, topicPageQuery);
    return c.json({ result: true, page: await getTopicPageForEditor(db, type, pageName) });
  });
  routes.post("/topic-pages/:pageName", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const { pageName } = readParams(c, pageParams);
    const { type } = readQuery(c, topicPageQuery);
    const input = await readJson(c, topicPageSavePayload);
    return c.json({ result: true, page: await saveTopicPage(deps, staff, type, pageName, input) });
  });
  for (const action of ACTIONS) {
    routes.post(`/topic-pages/:pageName/${action}`, async (c) => {
      const staff = await staffWith(c, services, "content.write");
      const { pageName } = readParams(c, pageParams);
      const { type } = readQuery(c, topicPageQuery);
      return c.json({
        result: true,
        page: await changeTopicPublication(deps, staff, type, pageName, action),
      });
    });
  }

  return routes;
}
