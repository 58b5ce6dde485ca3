import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { auditLog } from "../audit/schema";
import { staffMembers } from "./schema";
import { codeAt, newStaffAccount, signInToOps } from "./test-fixture";

/**
 * Issue 23's proof: every /api/ops call for every kind of caller, checked on the server. A
 * visitor is a 401 (sent to the ops sign-in), a member a 403, a staff member whose role lacks the
 * right a 403; the roles that hold it are answered.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
let target: { userId: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  target = await newStaffAccount(db, "support");

  browsers.visitor = new Browser(t.app);
  await browsers.visitor.open();

  const member = await newStaffAccount(db, null);
  browsers.member = new Browser(t.app);
  expect((await browsers.member.postJson("/api/account/login", member)).status).toBe(200);

  // A staff member signed in to the store but not to /ops: not yet past the second factor.
  const unsignedStaff = await newStaffAccount(db, "admin");
  browsers.staff_store_session_only = new Browser(t.app);
  expect(
    (await browsers.staff_store_session_only.postJson("/api/account/login", unsignedStaff)).status,
  ).toBe(200);

  for (const role of ["support", "editor", "admin"] as const) {
    browsers[role] = new Browser(t.app);
    await signInToOps(browsers[role]!, await newStaffAccount(db, role));
  }
});
afterAll(async () => {
  await t?.database.close();
});

interface Call {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: () => Record<string, unknown>;
}

let added = 0;
const calls: Call[] = [
  { name: "me", method: "GET", path: () => "/api/ops/me" },
  { name: "audit list", method: "GET", path: () => "/api/ops/audit?page=1" },
  { name: "staff list", method: "GET", path: () => "/api/ops/staff" },
  {
    name: "staff add",
    method: "POST",
    path: () => "/api/ops/staff",
    body: () => ({ email: `added${++added}@komaya.example`, role: "support" }),
  },
  {
    name: "staff role",
    method: "POST",
    path: () => `/api/ops/staff/${target.userId}/role`,
    body: () => ({ role: "editor" }),
  },
  { name: "staff disable", method: "POST", path: () => `/api/ops/staff/${target.userId}/disable` },
  { name: "staff enable", method: "POST", path: () => `/api/ops/staff/${target.userId}/enable` },
  {
    name: "second factor reset",
    method: "POST",
    path: () => `/api/ops/staff/${target.userId}/second-factor/reset`,
  },
];

type Who = "visitor" | "member" | "staff_store_session_only" | "support" | "editor" | "admin";
const READS = new Set(["me", "audit list"]);
/** The status each caller gets for each call. */
function expected(who: Who, call: Call): number {
  if (who === "visitor" || who === "staff_store_session_only") return 401;
  if (who === "member") return 403;
  if (who === "admin") return 200;
  // support and editor: reading the back office and its log, no staff management.
  return READS.has(call.name) ? 200 : 403;
}

const WHO: Who[] = ["visitor", "member", "staff_store_session_only", "support", "editor", "admin"];

describe("every /api/ops call × every caller", () => {
  for (const who of WHO) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${expected(who, call)}`, async () => {
        const browser = browsers[who]!;
        // Members added by "staff add" must exist for the admin's call to succeed.
        const body = call.body?.();
        if (call.name === "staff add" && body) {
          await newStaffAccountWithEmail(String(body.email));
        }
        const before = await t.services.db.$count(auditLog);
        const answer =
          call.method === "GET"
            ? await browser.getJson(call.path())
            : await browser.postJson(call.path(), body ?? {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(expected(who, call));
        const written = (await t.services.db.$count(auditLog)) - before;
        // A refused call writes nothing; an answered write leaves exactly one audit row.
        expect(written).toBe(answer.status === 200 && call.method === "POST" ? 1 : 0);
        if (answer.status === 401) {
          expect(answer.body).toMatchObject({ result: false, error_url: "/ops/login" });
        }
      });
    }
  }
});

async function newStaffAccountWithEmail(email: string) {
  const { registerMember } = await import("../account/service");
  await registerMember(t.services.db, { email, password: "password-added-1" });
}

describe("the refusal comes before the input is read", () => {
  it("a member sending a bad body is still a 403, and a support account too", async () => {
    for (const who of ["member", "support"] as const) {
      const answer = await browsers[who]!.postJson("/api/ops/staff", { email: "x", role: "god" });
      expect(answer.status).toBe(403);
    }
  });

  it("an admin sending a bad body gets a 400 naming the field", async () => {
    const answer = await browsers.admin!.postJson("/api/ops/staff", {
      email: "someone@komaya.example",
      role: "god",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("role");
  });

  it("a POST without the CSRF header is refused, even for an admin", async () => {
    const response = await browsers.admin!.fetch(`/api/ops/staff/${target.userId}/disable`, {
      method: "POST",
      csrf: false,
    });
    expect(response.status).toBe(403);
  });
});

describe("role changes", () => {
  it("an admin cannot change their own role, and the refusal is not audited", async () => {
    const me = await browsers.admin!.getJson<{ user_id: number }>("/api/ops/me");
    const before = await t.services.db.$count(auditLog);
    const answer = await browsers.admin!.postJson(`/api/ops/staff/${me.body.user_id}/role`, {
      role: "support",
    });
    expect(answer.status).toBe(409);
    expect(await t.services.db.$count(auditLog)).toBe(before);
  });

  it("a role change takes effect on the staff member's next call and is audited with before and after", async () => {
    const db = t.services.db;
    const account = await newStaffAccount(db, "editor");
    const browser = new Browser(t.app);
    await signInToOps(browser, account);
    expect((await browser.getJson("/api/ops/me")).body).toMatchObject({ role: "editor" });
    expect(
      (await browsers.admin!.postJson(`/api/ops/staff/${account.userId}/role`, { role: "admin" }))
        .status,
    ).toBe(200);
    expect((await browser.getJson("/api/ops/staff")).status).toBe(200);
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(account.userId)));
    expect(row).toMatchObject({
      entity: "staff_member",
      action: "role",
      actorRole: "admin",
      before: { role: "editor" },
      after: { role: "admin" },
    });
  });

  it("disabling a staff member ends their ops session at once", async () => {
    const account = await newStaffAccount(t.services.db, "editor");
    const browser = new Browser(t.app);
    await signInToOps(browser, account);
    await browsers.admin!.postJson(`/api/ops/staff/${account.userId}/disable`);
    expect((await browser.getJson("/api/ops/me")).status).toBe(401);
  });
});

describe("the audit list", () => {
  it("filters by who, entity and Tokyo dates and pages", async () => {
    const me = await browsers.admin!.getJson<{ user_id: number }>("/api/ops/me");
    const mine = await browsers.admin!.getJson<{ total: number; entries: unknown[] }>(
      `/api/ops/audit?actor=${me.body.user_id}&entity=staff_member`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(0);
    const nobody = await browsers.admin!.getJson<{ total: number }>(
      "/api/ops/audit?from=2001-01-01&to=2001-01-31",
    );
    expect(nobody.body.total).toBe(0);
    const bad = await browsers.admin!.getJson("/api/ops/audit?from=2026-13-01");
    expect(bad.status).toBe(400);
    const backwards = await browsers.admin!.getJson("/api/ops/audit?from=2026-02-01&to=2026-01-01");
    expect(backwards.status).toBe(400);
  });
});

describe("sign-in", () => {
  it("a wrong password and a member who is not staff get the same answer", async () => {
    const member = await newStaffAccount(t.services.db, null);
    const staff = await newStaffAccount(t.services.db, "editor");
    const notStaff = await new Browser(t.app).postJson("/api/ops/login", member);
    const wrong = await new Browser(t.app).postJson("/api/ops/login", {
      email: staff.email,
      password: "not-the-password",
    });
    expect(notStaff.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(notStaff.body.error_message).toBe(wrong.body.error_message);
  });

  it("the password alone opens nothing: the session starts only with the second factor", async () => {
    const account = await newStaffAccount(t.services.db, "admin");
    const browser = new Browser(t.app);
    expect((await browser.postJson("/api/ops/login", account)).status).toBe(200);
    expect((await browser.getJson("/api/ops/me")).status).toBe(401);
  });

  it("a recovery code signs in once; the same code again is refused", async () => {
    const account = await newStaffAccount(t.services.db, "support");
    const first = new Browser(t.app);
    const { recoveryCodes } = await signInToOps(first, account);
    expect(recoveryCodes).toHaveLength(10);
    const code = recoveryCodes[0]!;

    const second = new Browser(t.app);
    const login = await second.postJson("/api/ops/login", account);
    expect(login.body.enrol).toBeNull();
    // Typed in lower case without its hyphen: still the code.
    const used = await second.postJson("/api/ops/login/code", {
      code: code.toLowerCase().replace("-", ""),
    });
    expect(used.status).toBe(200);
    expect(used.body.recovery_codes).toBeNull();
    expect(
      (await second.getJson<{ recovery_codes_left: number }>("/api/ops/me")).body
        .recovery_codes_left,
    ).toBe(9);

    const third = new Browser(t.app);
    await third.postJson("/api/ops/login", account);
    const again = await third.postJson("/api/ops/login/code", { code });
    expect(again.status).toBe(400);
    expect((await third.getJson("/api/ops/me")).status).toBe(401);
  });

  it("a TOTP code is accepted once: replaying it in its own minute is refused", async () => {
    const account = await newStaffAccount(t.services.db, "editor");
    const { secret } = await signInToOps(new Browser(t.app), account);
    const browser = new Browser(t.app);
    await browser.postJson("/api/ops/login", account);
    // The step the enrolment's code was taken for (read back, so a step turning between the two
    // sign-ins cannot make this pass or fail by chance).
    const [row] = await t.services.db
      .select({ step: staffMembers.totpLastStep })
      .from(staffMembers)
      .where(eq(staffMembers.userId, account.userId));
    const used = row!.step! * 30_000;
    const replay = await browser.postJson("/api/ops/login/code", {
      code: await codeAt(secret, used),
    });
    expect(replay.status).toBe(400);
    // The next step's code (within the one-step window) is a new code.
    const next = await browser.postJson("/api/ops/login/code", {
      code: await codeAt(secret, used + 30_000),
    });
    expect(next.status).toBe(200);
  });

  it("five wrong codes end the sign-in: the password is asked again", async () => {
    const account = await newStaffAccount(t.services.db, "editor");
    const browser = new Browser(t.app);
    await browser.postJson("/api/ops/login", account);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await browser.postJson("/api/ops/login/code", { code: "000000" })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 401]);
    expect(browser.cookies.has("osid")).toBe(false);
  });

  it("logging out ends the ops session", async () => {
    const account = await newStaffAccount(t.services.db, "support");
    const browser = new Browser(t.app);
    await signInToOps(browser, account);
    expect((await browser.getJson("/api/ops/me")).status).toBe(200);
    await browser.postJson("/api/ops/logout");
    expect((await browser.getJson("/api/ops/me")).status).toBe(401);
  });
});
