import { type AppLoadContext, data } from "react-router";
import {
  findTopicPage,
  listTopicPages,
  pageFields,
  type TopicPageType,
} from "../../../server/modules/topic/service";
import { requireMember } from "../../lib/member.server";
import { pageQuery } from "../../lib/page-failure.server";
import type { EditorPage, EditorPageOption } from "./TopicEditor";

export const STAFF_ONLY_MESSAGE =
  "この画面は運営スタッフ専用です。スタッフのアカウントでログインし直してください。";

/** Staff screens: visitors go to the login page, members who are not staff get a 403 page. */
export function requireStaff(context: AppLoadContext, request: Request) {
  const member = requireMember(context, request);
  if (member.userType !== "staff") throw data(STAFF_ONLY_MESSAGE, { status: 403 });
  return member;
}

export async function loadTopicPageOptions(context: AppLoadContext): Promise<EditorPageOption[]> {
  const pages = await listTopicPages(context.services.db);
  return pages.map(({ pageName, pageType, title }) => ({ pageName, pageType, title }));
}

/** The page named by ?page= and ?type=, else the first one; null when there are none. */
export async function loadEditorPage(
  context: AppLoadContext,
  request: Request,
  options: EditorPageOption[],
): Promise<EditorPage | null> {
  const query = pageQuery(request);
  const type: TopicPageType = query.type === "page" ? "page" : "topic";
  const name = typeof query.page === "string" ? query.page : null;
  const chosen = name ? { pageName: name, pageType: type } : options[0];
  if (!chosen) return null;
  const page = await findTopicPage(context.services.db, chosen.pageType, chosen.pageName);
  if (!page) throw data("トピックページが見つかりません", { status: 404 });
  return {
    pageName: page.pageName,
    pageType: page.pageType as TopicPageType,
    title: page.title,
    content: page.content,
    updatedAt: page.updatedAt.toISOString(),
    ...(await pageFields(context.services.db, page)),
  };
}
