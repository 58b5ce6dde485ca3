import { type AppLoadContext, redirect } from "react-router";
import { auditQuery } from "../../../contract/ops";
import { OPS_LOGIN_PAGE, type OpsRight } from "../../../contract/ops-roles";
import { ApiError } from "../../../server/lib/errors";
import { parseInput } from "../../../server/lib/input";
import {
  type OpsRequest,
  opsAuditPage,
  opsFrame,
  opsHomePage,
  opsStaff,
  opsStaffPage,
} from "../../../server/pages/ops";
import { orPageFailure, pageFailure, pageQuery } from "../../lib/page-failure.server";

function opsRequest(context: AppLoadContext, request: Request): OpsRequest {
  return { cookieHeader: request.headers.get("cookie"), member: context.request.member };
}

/** Only addresses inside /ops are gone back to after the ops sign-in. */
export function opsReturnTo(value: string | null | undefined): string {
  return value && /^\/ops(\/[\w/-]*)?(\?[^\s]*)?$/.test(value) && !value.startsWith("//")
    ? value
    : "/ops";
}

/**
 * Every /ops page's first step: the staff member whose role holds `right`. Someone not signed in
 * to /ops goes to the ops sign-in and comes back; a member or a role without the right gets the
 * 403 page, as the API answers.
 */
export async function requireOpsRight(context: AppLoadContext, request: Request, right: OpsRight) {
  try {
    return await opsStaff(context.services, opsRequest(context, request), right);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(
        `${OPS_LOGIN_PAGE}?return_to=${encodeURIComponent(url.pathname + url.search)}`,
      );
    }
    return pageFailure(error);
  }
}

/** The frame's header: who is signed in and what they may open; null on the sign-in page. */
export function loadOpsFrame(context: AppLoadContext, request: Request) {
  return opsFrame(context.services, opsRequest(context, request));
}

/** The ops session's sign-in page sends a signed-in staff member straight on. */
export async function signedInToOps(context: AppLoadContext, request: Request): Promise<boolean> {
  return (await loadOpsFrame(context, request)) !== null;
}

export async function loadOpsHome(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "ops.read");
  return opsHomePage(context.services, staff);
}

export async function loadOpsStaff(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "staff.manage");
  return opsStaffPage(context.services, staff);
}

/** The audit page's filters come from its address, checked as the API checks them (a 400 page). */
export async function loadOpsAudit(context: AppLoadContext, request: Request) {
  await requireOpsRight(context, request, "audit.read");
  return orPageFailure(() =>
    opsAuditPage(context.services, parseInput(auditQuery, pageQuery(request))),
  );
}
