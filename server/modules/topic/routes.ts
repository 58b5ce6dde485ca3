import { type Context, Hono } from "hono";
import { z } from "zod";
import { checkTopicJson, TOPIC_JSON_WARNING } from "../../../contract/topic-json";
import type { AppEnv, AppServices } from "../../lib/context";
import { BadInput, Forbidden, NotFound } from "../../lib/errors";
import { readJson, readParams, readQuery } from "../../lib/input";
import type { TopicPage } from "./schema";
import { findTopicPage, updateTopicPageContent } from "./service";

const pageParams = z.object({
  pageName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "ページ名が正しくありません"),
});
const pageType = z.enum(["topic", "page"]).default("topic");

/** Topic content is CMS input: only staff may read it raw or change it. */
function requireStaff(c: Context<AppEnv>) {
  const member = c.get("member");
  if (member?.userType !== "staff") {
    throw new Forbidden("この操作は運営スタッフのみ行えます");
  }
  return member;
}

function pageAnswer(page: TopicPage) {
  return {
    page_name: page.pageName,
    page_type: page.pageType,
    title: page.title,
    content: page.content,
    updated_at: page.updatedAt.toISOString(),
  };
}

/** GET and POST /api/topic_page/{pageName}: the staff editor's read and update (spec 001 §2.2). */
export function topicRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/topic_page/:pageName", async (c) => {
    requireStaff(c);
    const { pageName } = readParams(c, pageParams);
    const query = readQuery(c, z.object({ page_type: pageType }));
    const page = await findTopicPage(db, query.page_type, pageName);
    if (!page) throw new NotFound("トピックページが見つかりません");
    return c.json({ result: true, page: pageAnswer(page) });
  });

  routes.post("/topic_page/:pageName", async (c) => {
    requireStaff(c);
    const { pageName } = readParams(c, pageParams);
    const input = await readJson(
      c,
      z.object({ content: z.string().max(500_000, "内容が長すぎます"), page_type: pageType }),
    );
    const checked = checkTopicJson(input.content);
    if (!checked.ok) {
      throw new BadInput("content", `${TOPIC_JSON_WARNING}（${checked.problem}）`);
    }
    const page = await updateTopicPageContent(
      db,
      input.page_type,
      pageName,
      JSON.stringify(checked.rows),
    );
    if (!page) throw new NotFound("トピックページが見つかりません");
    return c.json({ result: true, page: pageAnswer(page) });
  });

  return routes;
}
