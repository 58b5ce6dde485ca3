import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import {
  auditQuery,
  opsCodePayload,
  opsLoginPayload,
  staffAddPayload,
  staffIdParams,
  staffRolePayload,
} from "../../../contract/ops";
import {
  OPS_RIGHTS,
  type OpsRight,
  ROLE_LABELS,
  roleMay,
  STAFF_ROLES,
} from "../../../contract/ops-roles";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError } from "../../lib/errors";
import { readJson, readParams, readQuery } from "../../lib/input";
import { listAudit } from "../audit/service";
import { staffWith } from "./request";
import {
  addStaff,
  endStaffSession,
  finishSignIn,
  listStaff,
  OPS_SESSION_COOKIE,
  recoveryCodesLeft,
  resetSecondFactor,
  setStaffDisabled,
  setStaffRole,
  startSignIn,
} from "./service";

const TOO_MANY = "試行回数が上限に達しました。しばらく時間をおいてから、もう一度お試しください";
const SIGN_IN_EXPIRED =
  "ログインの有効期限が切れたか、確認コードの誤りが続きました。パスワードからやり直してください";

/**
 * The ops session cookie: HttpOnly, and SameSite=Strict, since nothing from another site ever
 * needs to arrive at /ops signed in. Without an end it goes when the browser closes.
 */
function setOpsCookie(c: Context<AppEnv>, value: string, expires: Date | null) {
  setCookie(c, OPS_SESSION_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    secure: c.get("secure"),
    ...(expires ? { expires } : { maxAge: 0 }),
  });
}

const staffAnswer = (row: Awaited<ReturnType<typeof listStaff>>[number]) => ({
  user_id: row.userId,
  email: row.email,
  nickname: row.nickname,
  role: row.role,
  role_label: ROLE_LABELS[row.role],
  second_factor: row.enrolled,
  disabled: row.disabled,
  created_at: row.createdAt.toISOString(),
});

/**
 * /api/ops: the back office's calls (issue 23). Thin handlers: every one but the sign-in steps
 * starts with the role check, and every write goes through a service that audits it. POSTs need
 * the CSRF header like every other call (server/http/middleware/cookies-and-session.ts).
 */
export function opsRoutes(services: AppServices): Hono<AppEnv> {
  const { db } = services;
  const routes = new Hono<AppEnv>();
  const deps = { db, limiter: services.limiter, sessionSecret: services.sessionSecret };

  routes.post("/login", async (c) => {
    const input = await readJson(c, opsLoginPayload);
    const result = await startSignIn(deps, {
      ...input,
      address: c.get("clientAddress"),
      userAgent: c.req.header("user-agent"),
    });
    if (result.kind === "throttled") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      throw new ApiError(429, TOO_MANY);
    }
    if (result.kind === "wrong") {
      throw new ApiError(401, "メールアドレスまたはパスワードが正しくありません");
    }
    setOpsCookie(c, result.token, result.expiresAt);
    return c.json({
      result: true,
      enrol: result.enrol ? { secret: result.enrol.secret, uri: result.enrol.uri } : null,
    });
  });

  routes.post("/login/code", async (c) => {
    const { code } = await readJson(c, opsCodePayload);
    const token = getCookie(c, OPS_SESSION_COOKIE);
    const result = token ? await finishSignIn(deps, token, code) : ({ kind: "expired" } as const);
    if (result.kind === "throttled") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      throw new ApiError(429, TOO_MANY);
    }
    if (result.kind === "expired") {
      setOpsCookie(c, "", null);
      return c.json({ result: false, error_message: SIGN_IN_EXPIRED, restart: true }, 401);
    }
    if (result.kind === "wrong") {
      throw new ApiError(400, `確認コードが正しくありません（あと${result.triesLeft}回）`, {
        field: "code",
      });
    }
    setOpsCookie(c, result.token, result.expiresAt);
    return c.json({ result: true, recovery_codes: result.recoveryCodes });
  });

  routes.post("/logout", async (c) => {
    const token = getCookie(c, OPS_SESSION_COOKIE);
    if (token) await endStaffSession(db, services.sessionSecret, token);
    setOpsCookie(c, "", null);
    return c.json({ result: true });
  });

  routes.get("/me", async (c) => {
    const staff = await staffWith(c, services, "ops.read");
    return c.json({
      result: true,
      user_id: staff.userId,
      email: staff.email,
      nickname: staff.nickname,
      role: staff.role,
      role_label: ROLE_LABELS[staff.role],
      rights: (Object.keys(OPS_RIGHTS) as OpsRight[]).filter((r) => roleMay(staff.role, r)),
      recovery_codes_left: await recoveryCodesLeft(db, staff.userId),
      session_expires_at: staff.sessionExpiresAt.toISOString(),
    });
  });

  routes.get("/staff", async (c) => {
    await staffWith(c, services, "staff.manage");
    return c.json({
      result: true,
      roles: STAFF_ROLES,
      staff: (await listStaff(db)).map(staffAnswer),
    });
  });

  routes.post("/staff", async (c) => {
    const actor = await staffWith(c, services, "staff.manage");
    const input = await readJson(c, staffAddPayload);
    return c.json({ result: true, staff: staffAnswer(await addStaff(db, actor, input)) });
  });

  routes.post("/staff/:userId/role", async (c) => {
    const actor = await staffWith(c, services, "staff.manage");
    const { userId } = readParams(c, staffIdParams);
    const { role } = await readJson(c, staffRolePayload);
    await setStaffRole(db, actor, userId, role);
    return c.json({ result: true });
  });

  for (const [path, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    routes.post(`/staff/:userId/${path}`, async (c) => {
      const actor = await staffWith(c, services, "staff.manage");
      const { userId } = readParams(c, staffIdParams);
      await setStaffDisabled(db, actor, userId, disabled);
      return c.json({ result: true });
    });
  }

  routes.post("/staff/:userId/second-factor/reset", async (c) => {
    const actor = await staffWith(c, services, "staff.manage");
    const { userId } = readParams(c, staffIdParams);
    await resetSecondFactor(db, actor, userId);
    return c.json({ result: true });
  });

  routes.get("/audit", async (c) => {
    await staffWith(c, services, "audit.read");
    const list = await listAudit(db, readQuery(c, auditQuery));
    return c.json({
      result: true,
      total: list.total,
      page: list.page,
      page_size: list.pageSize,
      entries: list.rows.map((row) => ({
        audit_id: row.auditId,
        at: row.at.toISOString(),
        actor_user_id: row.actorUserId,
        actor_email: row.actorEmail,
        actor_role: row.actorRole,
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        before: row.before,
        after: row.after,
      })),
    });
  });

  return routes;
}
