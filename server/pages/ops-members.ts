import type { MemberSearchQuery } from "../../contract/ops-members";
import { roleMay } from "../../contract/ops-roles";
import type { AppServices } from "../lib/context";
import { memberPage, searchMembers } from "../modules/member-support/service";
import type { Staff } from "../modules/staff/service";

/** /ops/members (issue 24): the search, as GET /api/ops/members answers it. */
export function opsMemberSearchPage(services: AppServices, query: MemberSearchQuery) {
  return searchMembers(services.db, query);
}

/**
 * /ops/members/{id}: the member's page as GET /api/ops/members/{id} answers it, and whether this
 * staff member's role may act (the forms are shown only then; the calls check again).
 */
export async function opsMemberPage(services: AppServices, staff: Staff, userId: number) {
  return {
    ...(await memberPage(services.db, userId)),
    mayAct: roleMay(staff.role, "members.write"),
  };
}
