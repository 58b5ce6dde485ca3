import { parse } from "hono/utils/cookie";
import type { AuditQuery } from "../../contract/ops";
import { OPS_RIGHTS, type OpsRight, roleMay } from "../../contract/ops-roles";
import type { AppServices, SessionMember } from "../lib/context";
import { listAudit } from "../modules/audit/service";
import {
  listStaff,
  OPS_SESSION_COOKIE,
  opsAccess,
  recoveryCodesLeft,
  requireRight,
  type Staff,
  staffCounts,
  staffNames,
} from "../modules/staff/service";

/**
 * The /ops pages (issue 23). Every loader asks `opsStaff` first, the same check the /api/ops
 * calls make, so a page never shows what its call would refuse.
 */
export interface OpsRequest {
  /** The page request's Cookie header: the ops session cookie is read from it. */
  cookieHeader: string | null;
  member: SessionMember | null;
}

function accessOf(services: AppServices, request: OpsRequest) {
  const cookies = request.cookieHeader ? parse(request.cookieHeader, OPS_SESSION_COOKIE) : {};
  return opsAccess(services.db, services.sessionSecret, {
    opsToken: cookies[OPS_SESSION_COOKIE],
    member: request.member,
  });
}

/** The staff member if their role holds `right`; else throws the 401 or 403 (ApiError). */
export async function opsStaff(
  services: AppServices,
  request: OpsRequest,
  right: OpsRight,
): Promise<Staff> {
  return requireRight(await accessOf(services, request), right);
}

/** Who the ops frame names, and the links their role may follow; null before sign-in. */
export async function opsFrame(services: AppServices, request: OpsRequest) {
  const access = await accessOf(services, request);
  if (access.kind !== "staff") return null;
  const { staff } = access;
  return {
    email: staff.email,
    nickname: staff.nickname,
    role: staff.role,
    mayManageStaff: roleMay(staff.role, "staff.manage"),
    mayReadAudit: roleMay(staff.role, "audit.read"),
    mayReadMembers: roleMay(staff.role, "members.read"),
  };
}

export async function opsHomePage(services: AppServices, staff: Staff) {
  const [codesLeft, counts] = await Promise.all([
    recoveryCodesLeft(services.db, staff.userId),
    staffCounts(services.db),
  ]);
  return {
    role: staff.role,
    rights: (Object.keys(OPS_RIGHTS) as OpsRight[]).filter((r) => roleMay(staff.role, r)),
    recoveryCodesLeft: codesLeft,
    sessionExpiresAt: staff.sessionExpiresAt.toISOString(),
    staffCounts: counts,
  };
}

export async function opsStaffPage(services: AppServices, staff: Staff) {
  const rows = await listStaff(services.db);
  return {
    me: staff.userId,
    staff: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function opsAuditPage(services: AppServices, query: AuditQuery) {
  const [list, people] = await Promise.all([
    listAudit(services.db, query),
    staffNames(services.db),
  ]);
  return {
    query,
    total: list.total,
    page: list.page,
    pageSize: list.pageSize,
    entries: list.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    people,
  };
}
