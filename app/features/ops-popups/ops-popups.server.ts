import type { AppLoadContext } from "react-router";
import { popupCountsQuery, popupListQuery } from "../../../contract/ops-popups";
import { roleMay } from "../../../contract/ops-roles";
import { idFromPath } from "../../../contract/row-id";
import { NotFound } from "../../../server/lib/errors";
import { parseInput } from "../../../server/lib/input";
import { opsPopupList, opsPopupPage } from "../../../server/pages/ops-popups";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The popup editor's pages (issue 24): ops.read first, as the calls, and whether the staff member
 * may save (content.write), so a support member reads the form without buttons.
 */
async function reader(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "ops.read");
  return { mayWrite: roleMay(staff.role, "content.write") };
}

export async function loadPopupList(context: AppLoadContext, request: Request) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    const query = parseInput(popupListQuery, pageQuery(request));
    return { query, mayWrite, list: await opsPopupList(context.services, query) };
  });
}

export async function loadPopup(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    let id: number | null = null;
    if (rawId !== undefined) {
      id = idFromPath(rawId);
      if (id === null) throw new NotFound("ポップアップが見つかりませんでした");
    }
    const range = parseInput(popupCountsQuery, pageQuery(request));
    return { mayWrite, ...(await opsPopupPage(context.services, id, range)) };
  });
}
