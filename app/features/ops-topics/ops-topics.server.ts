import type { AppLoadContext } from "react-router";
import { roleMay } from "../../../contract/ops-roles";
import { TOPIC_PAGE_NAME } from "../../../contract/ops-topics";
import { NotFound } from "../../../server/lib/errors";
import { opsTopicList, opsTopicPage } from "../../../server/pages/ops-topics";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The topic page editor's pages (issue 24). Each asks for ops.read first, as the calls do, and
 * says whether the staff member may save and publish (content.write), so a support member
 * reads and previews a page without buttons that would only be refused.
 */
async function reader(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "ops.read");
  return { mayWrite: roleMay(staff.role, "content.write") };
}

export async function loadTopicPageList(context: AppLoadContext, request: Request) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => ({ mayWrite, pages: await opsTopicList(context.services) }));
}

/** /ops/topics/{name}?type=page opens a store page; without type, a topic page. */
export async function loadTopicPage(
  context: AppLoadContext,
  request: Request,
  name: string | undefined,
) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    if (!name || !TOPIC_PAGE_NAME.test(name)) {
      throw new NotFound("特集ページが見つかりませんでした");
    }
    const type = pageQuery(request).type === "page" ? "page" : "topic";
    return { mayWrite, page: await opsTopicPage(context.services, type, name) };
  });
}
