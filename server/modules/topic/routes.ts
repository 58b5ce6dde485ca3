import { type Context, Hono } from "hono";
import { z } from "zod";
import { GENRE_IDS } from "../../../contract/genres";
import { oneOfNumbers, recordId } from "../../../contract/input";
import { TOPIC_NOT_FOUND } from "../../../contract/topic";
import { checkTopicJson, TOPIC_JSON_WARNING } from "../../../contract/topic-json";
import type { AppEnv, AppServices } from "../../lib/context";
import { BadInput, Conflict, Forbidden, NotFound } from "../../lib/errors";
import { readJson, readParams, readQuery } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { publicOrigin } from "../../lib/public-origin";
import { applyForEntry, completedEntryIds, findEntry } from "./entries";
import { placeOf, placeQuery } from "./place";
import type { TopicPage } from "./schema";
import {
  findTopicPage,
  menuTopicRows,
  type TopicPageType,
  topicPageAnswer,
  updateTopicPageContent,
} from "./service";

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

const genreParam = oneOfNumbers([0, ...GENRE_IDS], "ジャンルが正しくありません").default(0);

const entryParams = z.object({ entryId: recordId("entryId") });
const entryInput = z.object({
  newsletter: z
    .boolean({ message: "newsletter は true か false で指定してください" })
    .default(false),
});

const ENTRY_LOGIN = "エントリーにはログインが必要です";
const ENTRY_MISSING = "エントリーが見つかりません";
const ENTRY_REFUSED = {
  closed: "このエントリーは受付期間外です",
  newsletter: "このエントリーにはメールマガジンの購読が必要です",
} as const;

/**
 * GET and POST /api/topic_page/{pageName}: the staff editor's read and update (spec 001 §2.2).
 * /api/topic/{pageName} and /api/page/{pageName}: a published page as this visitor sees it.
 * /api/entry/{entryId}: an entry's state (GET) and entering it (POST).
 */
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

  const publicPage = (type: TopicPageType) => async (c: Context<AppEnv>) => {
    const { pageName } = readParams(c, pageParams);
    const place = placeOf(readQuery(c, placeQuery));
    const answer = await topicPageAnswer(db, type, pageName, c.get("member") ?? null, place);
    if (!answer) throw new NotFound(TOPIC_NOT_FOUND);
    return c.json({ result: true, ...answer });
  };
  for (const type of ["topic", "page"] as const) {
    routes.get(`/${type}/:pageName`, publicPage(type));
    routes.post(`/${type}/:pageName`, publicPage(type));
  }

  // The drawer's topic content (spec 001 §2.4), decided for this visitor like a topic page.
  routes.get("/personal/menu_topic", async (c) => {
    const q = readQuery(c, placeQuery.extend({ genre: genreParam }));
    const rows = await menuTopicRows(db, q.genre, c.get("member") ?? null, placeOf(q));
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, rows });
  });

  routes.get("/entry/:entryId", async (c) => {
    const { entryId } = readParams(c, entryParams);
    const entry = await findEntry(db, entryId);
    if (!entry) throw new NotFound(ENTRY_MISSING);
    const member = c.get("member");
    const now = new Date();
    const completed = member ? await completedEntryIds(db, member.userId) : [];
    return c.json({
      result: true,
      entry: {
        entry_id: entryId,
        accepted: entry.acceptStartAt <= now && now < entry.acceptEndAt,
        completed: completed.includes(entryId),
        newsletter_required: entry.newsletterRequired,
        is_login: Boolean(member),
      },
    });
  });

  routes.post("/entry/:entryId", async (c) => {
    const member = requireMember(c, ENTRY_LOGIN);
    const { entryId } = readParams(c, entryParams);
    const input = await readJson(c, entryInput);
    const outcome = await applyForEntry(db, member.userId, entryId, input.newsletter, new Date(), {
      siteUrl: publicOrigin(services.env),
      secret: services.sessionSecret,
    });
    if (!outcome.ok) {
      if (outcome.reason === "missing") throw new NotFound(ENTRY_MISSING);
      throw new Conflict(ENTRY_REFUSED[outcome.reason]);
    }
    return c.json({ result: true, entered: outcome.entered });
  });

  return routes;
}
