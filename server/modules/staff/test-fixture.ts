import { generate } from "otplib";
import type { StaffRole } from "../../../contract/ops-roles";
import type { Db } from "../../db/client";
import { Browser } from "../../http/test-client";
import { agreeToTerms, registerMember } from "../account/service";
import { grantStaffRoleAtSeed } from "./service";

let n = 0;

/** A new member account, made a staff member in `role` when one is given. */
export async function newStaffAccount(db: Db, role: StaffRole | null) {
  n += 1;
  const email = `${role ?? "member"}${n}-${Date.now()}@komaya.example`;
  const password = `password-${n}-ops`;
  const member = await registerMember(db, { email, password, profileId: `ops-${n}-${Date.now()}` });
  await agreeToTerms(db, member.userId);
  if (role) await grantStaffRoleAtSeed(db, member.userId, role);
  return { userId: member.userId, email, password };
}

/** The code an authenticator shows at `at`. */
export function codeAt(secret: string, at = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at / 1000) });
}

/**
 * Signs a browser in to /ops as a first-time staff member does: password, then enrolment with
 * the code of the secret shown. Answers the secret and the recovery codes handed out.
 */
export async function signInToOps(
  browser: Browser,
  account: { email: string; password: string },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const login = await browser.postJson<{ enrol: { secret: string; uri: string } | null }>(
    "/api/ops/login",
    { email: account.email, password: account.password },
  );
  if (login.status !== 200 || !login.body.enrol) {
    throw new Error(`ops login ${login.status}: ${JSON.stringify(login.body)}`);
  }
  const secret = login.body.enrol.secret;
  const code = await browser.postJson<{ recovery_codes: string[] }>("/api/ops/login/code", {
    code: await codeAt(secret),
  });
  if (code.status !== 200) throw new Error(`ops code ${code.status}: ${JSON.stringify(code.body)}`);
  return { secret, recoveryCodes: code.body.recovery_codes };
}

/** A browser signed in to /ops as a new staff member in `role` ("member": a member, no staff). */
export async function opsBrowser(
  app: ConstructorParameters<typeof Browser>[0],
  db: Db,
  role: "admin" | "editor" | "support" | "member",
): Promise<Browser> {
  const browser = new Browser(app);
  await browser.open();
  const account = await newStaffAccount(db, role === "member" ? null : role);
  if (role === "member") {
    const login = await browser.postJson("/api/account/login", account);
    if (login.status !== 200) throw new Error(`member login ${login.status}`);
  } else {
    await signInToOps(browser, account);
  }
  return browser;
}

/** Who calls /api/ops in the role tables of the back office's modules. */
export type OpsCaller = "visitor" | "member" | "support" | "editor" | "admin";
export const OPS_CALLERS: readonly OpsCaller[] = [
  "visitor",
  "member",
  "support",
  "editor",
  "admin",
];

/**
 * The editors' row of the role table (issues 23 and 24): a visitor is sent to sign in (401), a
 * member who is not staff is refused (403), support reads every editor but writes none of them
 * (403), and editors and admins may do it all. A POST that only reads (a preview) is no write.
 */
export function editorTableStatus(who: OpsCaller, writes: boolean): number {
  if (who === "visitor") return 401;
  if (who === "member") return 403;
  if (who === "support") return writes ? 403 : 200;
  return 200;
}

/**
 * A browser for each caller of a role table, signed in as it: a visitor with a store session, a
 * member who is not staff, and a new support, editor and admin, each through the second factor.
 */
export async function opsCallers(
  app: ConstructorParameters<typeof Browser>[0],
  db: Db,
): Promise<Record<OpsCaller, Browser>> {
  const visitor = new Browser(app);
  await visitor.open();
  const member = new Browser(app);
  const login = await member.postJson("/api/account/login", await newStaffAccount(db, null));
  if (login.status !== 200) throw new Error(`member login ${login.status}`);
  const staff = async (role: StaffRole) => {
    const browser = new Browser(app);
    await signInToOps(browser, await newStaffAccount(db, role));
    return browser;
  };
  return {
    visitor,
    member,
    support: await staff("support"),
    editor: await staff("editor"),
    admin: await staff("admin"),
  };
}
