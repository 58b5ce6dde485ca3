import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { OpsRight } from "../../../contract/ops-roles";
import type { AppEnv, AppServices } from "../../lib/context";
import { OPS_SESSION_COOKIE, opsAccess, requireRight, type Staff } from "./service";

/**
 * The staff member behind this request if their role holds `right`; else the 401 or 403. Every
 * /api/ops call starts here, whichever module answers it.
 */
export async function staffWith(
  c: Context<AppEnv>,
  services: AppServices,
  right: OpsRight,
): Promise<Staff> {
  const access = await opsAccess(services.db, services.sessionSecret, {
    opsToken: getCookie(c, OPS_SESSION_COOKIE),
    member: c.get("member"),
  });
  return requireRight(access, right);
}
