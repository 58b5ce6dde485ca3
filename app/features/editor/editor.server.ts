import { type AppLoadContext, data } from "react-router";
import { editorPage, editorPageOptions } from "../../../server/pages/editor";
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
  return editorPageOptions(context.services.db);
}

/** The page named by ?page= and ?type=, else the first one; null when there are none. */
export async function loadEditorPage(
  context: AppLoadContext,
  request: Request,
  options: EditorPageOption[],
): Promise<EditorPage | null> {
  const query = pageQuery(request);
  const type: EditorPage["pageType"] = query.type === "page" ? "page" : "topic";
  const name = typeof query.page === "string" ? query.page : null;
  const chosen = name ? { pageName: name, pageType: type } : options[0];
  if (!chosen) return null;
  const page = await editorPage(context.services.db, chosen);
  if (!page) throw data("トピックページが見つかりません", { status: 404 });
  return page;
}
