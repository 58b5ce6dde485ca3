import type { AppLoadContext } from "react-router";
import { isGenreId } from "../../../contract/genres";
import { roleMay } from "../../../contract/ops-roles";
import { NotFound } from "../../../server/lib/errors";
import { opsHomeEditor, opsHomeTabs } from "../../../server/pages/ops-home";
import { orPageFailure } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The home-layout editor's pages (issue 24). Each asks for ops.read first, as the calls do, and
 * says whether the staff member may edit, preview and publish (content.write), so a support
 * member reads every tab without buttons that would only be refused.
 */
async function reader(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "ops.read");
  return { mayWrite: roleMay(staff.role, "content.write") };
}

export async function loadHomeTabs(context: AppLoadContext, request: Request) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => ({ mayWrite, tabs: await opsHomeTabs(context.services) }));
}

export async function loadHomeEditor(
  context: AppLoadContext,
  request: Request,
  rawGenre: string | undefined,
) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    const genre = Number(rawGenre);
    if (!/^\d{1,2}$/.test(rawGenre ?? "") || !isGenreId(genre)) {
      throw new NotFound("そのジャンルのトップページはありません");
    }
    const [tabs, editor] = await Promise.all([
      opsHomeTabs(context.services),
      opsHomeEditor(context.services, genre),
    ]);
    return { mayWrite, tabs, editor };
  });
}
