import type { AppLoadContext } from "react-router";
import { memberIdParams, memberSearchQuery } from "../../../contract/ops-members";
import { parseInput } from "../../../server/lib/input";
import { opsMemberPage, opsMemberSearchPage } from "../../../server/pages/ops-members";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * Member support's pages (issue 24). Each asks for members.read first, as the calls do; the
 * actions are the /api/ops/members calls, which check members.write themselves.
 */
export async function loadMemberSearch(context: AppLoadContext, request: Request) {
  await requireOpsRight(context, request, "members.read");
  return orPageFailure(() =>
    opsMemberSearchPage(context.services, parseInput(memberSearchQuery, pageQuery(request))),
  );
}

export async function loadMember(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  const staff = await requireOpsRight(context, request, "members.read");
  return orPageFailure(() => {
    const { memberId } = parseInput(memberIdParams, { memberId: rawId });
    return opsMemberPage(context.services, staff, memberId);
  });
}
