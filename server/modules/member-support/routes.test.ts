import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LOCKED_MESSAGE } from "../../../contract/account";
import type { MemberPageAnswer, MemberSearchAnswer } from "../../../contract/ops-members";
import { Browser, createTestApp } from "../../http/test-client";
import { inquiries, users } from "../account/schema";
import { auditLog } from "../audit/schema";
import { seedEditorReferences, seriesBody, volumeBody } from "../catalog-editor/test-fixture";
import { orderItems, orders } from "../commerce/schema";
import { passwordChangedMail, signInLinkMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { outbox } from "../mail/schema";
import { grantStaffRoleAtSeed } from "../staff/service";
import { newStaffAccount, signInToOps } from "../staff/test-fixture";

/**
 * Issue 24's member support: every /api/ops/members call for every kind of caller (visitor 401,
 * member 403, editor 403: member support is not theirs; support and admin answered), each
 * answered write leaving exactly one audit row with the reason; the search by address, nickname,
 * member id and order number; the member's page; and what each action does to the member's side
 * of the store.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
/** The member the role table acts on. */
let target: { userId: number; email: string; password: string };
let targetMail = 0;
let staffAccount: { userId: number };

async function memberBrowser(account: { email: string; password: string }) {
  const browser = new Browser(t.app);
  const login = await browser.postJson("/api/account/login", account);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return browser;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  target = await newStaffAccount(db, null);
  await db
    .update(users)
    .set({ nickname: "こまやサポート太郎" })
    .where(eq(users.userId, target.userId));
  targetMail = await db.transaction((tx) => enqueueMail(tx, passwordChangedMail(target.email)));
  staffAccount = await newStaffAccount(db, "editor");

  browsers.visitor = new Browser(t.app);
  await browsers.visitor.open();
  browsers.member = await memberBrowser(await newStaffAccount(db, null));
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

const reason = { reason: "お問い合わせ対応のため" };
const calls: Call[] = [
  { name: "search", method: "GET", path: () => "/api/ops/members?q=komaya" },
  { name: "member page", method: "GET", path: () => `/api/ops/members/${target.userId}` },
  {
    name: "grant points",
    method: "POST",
    path: () => `/api/ops/members/${target.userId}/points`,
    body: () => ({ point: 10, ...reason }),
  },
  {
    name: "grant present",
    method: "POST",
    path: () => `/api/ops/members/${target.userId}/presents`,
    body: () => ({ kind: "point", point: 5, ...reason }),
  },
  {
    name: "revoke sessions",
    method: "POST",
    path: () => `/api/ops/members/${target.userId}/sessions/revoke`,
    body: () => reason,
  },
  {
    name: "lock",
    method: "POST",
    path: () => `/api/ops/members/${target.userId}/lock`,
    body: () => reason,
  },
  {
    name: "unlock",
    method: "POST",
    path: () => `/api/ops/members/${target.userId}/unlock`,
    body: () => reason,
  },
  {
    name: "resend mail",
    method: "POST",
    path: () => `/api/ops/members/${target.userId}/mails/${targetMail}/resend`,
    body: () => reason,
  },
];

type Who = "visitor" | "member" | "editor" | "support" | "admin";
const WHO: Who[] = ["visitor", "member", "editor", "support", "admin"];

function expected(who: Who): number {
  if (who === "visitor") return 401;
  if (who === "member" || who === "editor") return 403;
  return 200;
}

describe("every /api/ops/members call × every caller", () => {
  for (const who of WHO) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${expected(who)}`, async () => {
        const browser = browsers[who]!;
        const before = await t.services.db.$count(auditLog);
        const answer =
          call.method === "GET"
            ? await browser.getJson(call.path())
            : await browser.postJson(call.path(), call.body?.() ?? {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(expected(who));
        const written = (await t.services.db.$count(auditLog)) - before;
        // A refused call writes nothing; an answered write leaves exactly one audit row.
        expect(written).toBe(answer.status === 200 && call.method === "POST" ? 1 : 0);
        if (answer.status === 401) {
          expect(answer.body).toMatchObject({ result: false, error_url: "/ops/login" });
        }
        if (written === 1) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row).toMatchObject({ entityId: String(target.userId), actorRole: who });
          expect(row!.after).toMatchObject({ reason: reason.reason });
        }
      });
    }
  }
});

describe("input is checked (400, nothing written)", () => {
  const bad: Array<[string, string, Record<string, unknown> | null, string]> = [
    ["search too long", `/api/ops/members?q=${"a".repeat(300)}`, null, "q"],
    ["search page 0", "/api/ops/members?page=0", null, "page"],
    ["member id not a number", "/api/ops/members/abc", null, "memberId"],
    ["member id too large", "/api/ops/members/99999999999", null, "memberId"],
    ["no points", "/points", { reason: "x" }, "point"],
    ["zero points", "/points", { point: 0, reason: "x" }, "point"],
    ["too many points", "/points", { point: 100_001, reason: "x" }, "point"],
    ["points as text", "/points", { point: "十", reason: "x" }, "point"],
    ["no reason", "/points", { point: 10 }, "reason"],
    ["blank reason", "/points", { point: 10, reason: "   " }, "reason"],
    ["long reason", "/points", { point: 10, reason: "あ".repeat(201) }, "reason"],
    ["bad valid days", "/points", { point: 10, reason: "x", valid_days: 0 }, "valid_days"],
    ["present of nothing", "/presents", { kind: "coupon", reason: "x" }, "kind"],
    ["present without book", "/presents", { kind: "volume", reason: "x" }, "book_id"],
    ["lock without reason", "/lock", {}, "reason"],
    ["revoke without reason", "/sessions/revoke", { reason: "" }, "reason"],
  ];
  for (const [name, path, body, field] of bad) {
    it(`${name}: 400 naming ${field}`, async () => {
      const before = await t.services.db.$count(auditLog);
      const full = path.startsWith("/api") ? path : `/api/ops/members/${target.userId}${path}`;
      const answer = body
        ? await browsers.support!.postJson(full, body)
        : await browsers.support!.getJson(full);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ result: false, error: { field } });
      expect(await t.services.db.$count(auditLog)).toBe(before);
    });
  }

  it("an unknown member is a 404 for the page and every action", async () => {
    expect((await browsers.support!.getJson("/api/ops/members/2000000000")).status).toBe(404);
    const grant = await browsers.support!.postJson("/api/ops/members/2000000000/points", {
      point: 10,
      reason: "x",
    });
    expect(grant.status).toBe(404);
  });
});

describe("finding a member", () => {
  let order = 0;
  beforeAll(async () => {
    const [row] = await t.services.db
      .insert(orders)
      .values({
        userId: target.userId,
        price: 660,
        subtotal: 660,
        tax: 60,
        amount: 660,
        paymentType: 1,
        idempotencyKey: `support-search-${target.userId}`,
      })
      .returning();
    order = row!.orderId;
  });

  const search = async (q: string) => {
    const answer = await browsers.support!.getJson<MemberSearchAnswer>(
      `/api/ops/members?q=${encodeURIComponent(q)}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it("by the whole address, in any case, and by its start", async () => {
    const whole = await search(target.email.toUpperCase());
    expect(whole.rows.map((r) => r.user_id)).toEqual([target.userId]);
    expect(whole.rows[0]).toMatchObject({ email: target.email, matched: "email" });
    const start = await search(target.email.slice(0, target.email.indexOf("@") + 1));
    expect(start.rows.map((r) => r.user_id)).toContain(target.userId);
  });

  it("by part of the nickname", async () => {
    const found = await search("サポート太郎");
    expect(found.rows).toEqual([
      expect.objectContaining({ user_id: target.userId, matched: "nickname" }),
    ]);
  });

  it("by member id and by order number", async () => {
    const byId = await search(String(target.userId));
    expect(byId.rows[0]).toMatchObject({ user_id: target.userId, matched: "member_id" });
    const byOrder = await search(`#${order}`);
    const row = byOrder.rows.find((r) => r.user_id === target.userId);
    expect(row?.matched).toBe(order === target.userId ? "member_id" : "order_id");
  });

  it("LIKE's wildcards match only themselves", async () => {
    expect((await search("%")).total).toBe(0);
    expect((await search("_@")).total).toBe(0);
  });

  it("a blank search lists the newest members, paged", async () => {
    const answer = await browsers.support!.getJson<MemberSearchAnswer>("/api/ops/members");
    expect(answer.body.total).toBeGreaterThan(3);
    expect(answer.body.rows[0]!.matched).toBe("newest");
    expect(answer.body.page_size).toBe(30);
  });
});

describe("the member's page and the actions, seen from the member's side", () => {
  let account: { userId: number; email: string; password: string };
  let member: Browser;

  beforeAll(async () => {
    const db = t.services.db;
    account = await newStaffAccount(db, null);
    member = await memberBrowser(account);
    const [order] = await db
      .insert(orders)
      .values({
        userId: account.userId,
        price: 1320,
        subtotal: 1320,
        tax: 120,
        amount: 1320,
        paymentType: 1,
        idempotencyKey: `support-page-${account.userId}`,
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.orderId,
      itemId: 999_001,
      itemType: 0,
      name: "月影の図書館（1）",
      price: 600,
      priceInc: 660,
    });
    await db.insert(inquiries).values({
      kind: "inquiry",
      userId: account.userId,
      email: account.email,
      subject: "購入した巻が表示されません",
      body: "本棚に出てきません。",
    });
  });

  const page = async () => {
    const answer = await browsers.support!.getJson<MemberPageAnswer>(
      `/api/ops/members/${account.userId}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it("shows orders with lines, sessions and inquiries", async () => {
    const shown = await page();
    expect(shown.member).toMatchObject({ user_id: account.userId, email: account.email });
    expect(shown.orders[0]!.lines[0]).toMatchObject({ name: "月影の図書館（1）", price_inc: 660 });
    expect(shown.sessions.length).toBeGreaterThanOrEqual(1);
    expect(shown.sessions[0]!.session_ref).toHaveLength(8);
    expect(shown.inquiries[0]).toMatchObject({ subject: "購入した巻が表示されません" });
  });

  it("granted points show in the member's own points history with the reason", async () => {
    const before = (await member.postJson<{ point: number }>("/api/point")).body.point;
    const grant = await browsers.support!.postJson<{ balance: number }>(
      `/api/ops/members/${account.userId}/points`,
      { point: 100, reason: "配信不具合のお詫び" },
    );
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    expect(grant.body.balance).toBe(before + 100);

    const history = await member.postJson<{
      point: number;
      history: Array<{ type: string; type_text: string; point: number; description: string }>;
    }>("/api/point_history", { pn: 1 });
    expect(history.body.point).toBe(before + 100);
    expect(history.body.history[0]).toMatchObject({
      type: "adjust",
      point: 100,
      description: "配信不具合のお詫び",
    });

    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "member_points"), eq(auditLog.entityId, String(account.userId))),
      );
    expect(row).toMatchObject({ action: "grant_points", before: { balance: before } });
    expect(row!.after).toMatchObject({
      balance: before + 100,
      point: 100,
      reason: "配信不具合のお詫び",
    });
    expect((await page()).points[0]).toMatchObject({
      delta: 100,
      description: "配信不具合のお詫び",
    });
  });

  it("a granted present waits in the member's present box with the reason as its message", async () => {
    const grant = await browsers.support!.postJson<{ present_id: number }>(
      `/api/ops/members/${account.userId}/presents`,
      { kind: "point", point: 50, reason: "キャンペーン対象漏れの補填" },
    );
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const box = await member.postJson<{
      present_list: Array<{ present_id: number; caption: string; message: string; point: number }>;
    }>("/api/present");
    expect(box.body.present_list[0]).toMatchObject({
      present_id: grant.body.present_id,
      point: 50,
      message: "キャンペーン対象漏れの補填",
    });
  });

  it("a volume given as a present reaches the shelf once received, and is not given twice", async () => {
    const refs = await seedEditorReferences(t.services.db);
    const series = await browsers.admin!.postJson<{ series: { series_id: number } }>(
      "/api/ops/catalog/series",
      seriesBody(refs),
    );
    const volume = await browsers.admin!.postJson<{ volume: { book_id: number } }>(
      "/api/ops/catalog/volumes",
      volumeBody(series.body.series.series_id, 1),
    );
    const bookId = volume.body.volume.book_id;
    const grant = await browsers.support!.postJson<{ present_id: number }>(
      `/api/ops/members/${account.userId}/presents`,
      { kind: "volume", book_id: bookId, reason: "読めない不具合のお詫び" },
    );
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const received = await member.postJson(`/api/present/${grant.body.present_id}`);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const shelf = (await page()).shelf.find((s) => s.book_id === bookId);
    expect(shelf).toMatchObject({ title: "月影の図書館（1）", source: "present" });
    const twice = await browsers.support!.postJson(`/api/ops/members/${account.userId}/presents`, {
      kind: "volume",
      book_id: bookId,
      reason: "二重付与",
    });
    expect(twice.status).toBe(409);
  });

  it("a volume that does not exist cannot be a present", async () => {
    const grant = await browsers.support!.postJson(`/api/ops/members/${account.userId}/presents`, {
      kind: "volume",
      book_id: 1_999_999_999,
      reason: "x",
    });
    expect(grant.status).toBe(404);
  });

  it("a mail is resent as a new outbox row; a mail with a sign-in link is not", async () => {
    const db = t.services.db;
    const plain = await db.transaction((tx) => enqueueMail(tx, passwordChangedMail(account.email)));
    const link = await db.transaction((tx) =>
      enqueueMail(tx, signInLinkMail(account.email, "https://komaya.example/login/link?t=secret")),
    );
    const shown = await page();
    const linkRow = shown.mails.find((m) => m.mail_id === link)!;
    expect(linkRow).toMatchObject({ body: null, resendable: false });

    const resent = await browsers.support!.postJson<{ mail_id: number }>(
      `/api/ops/members/${account.userId}/mails/${plain}/resend`,
      { reason: "届いていないとのお問い合わせ" },
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const [copy] = await db.select().from(outbox).where(eq(outbox.mailId, resent.body.mail_id));
    expect(copy).toMatchObject({
      toAddress: account.email,
      kind: "password_changed",
      sentAt: null,
    });

    const refused = await browsers.support!.postJson(
      `/api/ops/members/${account.userId}/mails/${link}/resend`,
      reason,
    );
    expect(refused.status).toBe(409);
    // Another member's mail is not this member's to resend.
    const other = await browsers.support!.postJson(
      `/api/ops/members/${account.userId}/mails/${targetMail}/resend`,
      reason,
    );
    expect(other.status).toBe(404);
  });

  it("revoking the sessions signs the member out", async () => {
    expect((await member.getJson<{ is_login: boolean }>("/api/status")).body.is_login).toBe(true);
    const revoke = await browsers.support!.postJson<{ sessions_ended: number }>(
      `/api/ops/members/${account.userId}/sessions/revoke`,
      { reason: "不正ログインの疑い" },
    );
    expect(revoke.status).toBe(200);
    expect(revoke.body.sessions_ended).toBeGreaterThanOrEqual(1);
    expect((await member.getJson<{ is_login: boolean }>("/api/status")).body.is_login).toBe(false);
    expect((await page()).sessions).toEqual([]);
    member = await memberBrowser(account);
  });

  it("a locked member is signed out and cannot sign in, with a clear message; unlocked they can", async () => {
    const lock = await browsers.support!.postJson(`/api/ops/members/${account.userId}/lock`, {
      reason: "チャージバック調査中",
    });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    expect((await member.getJson<{ is_login: boolean }>("/api/status")).body.is_login).toBe(false);
    expect((await page()).member.locked_at).not.toBeNull();

    const again = new Browser(t.app);
    const login = await again.postJson("/api/account/login", account);
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ result: false, error_message: ACCOUNT_LOCKED_MESSAGE });
    // A wrong password still learns nothing about the lock.
    const wrong = await again.postJson("/api/account/login", {
      ...account,
      password: "wrong-pass-1",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error_message).not.toBe(ACCOUNT_LOCKED_MESSAGE);

    const unlock = await browsers.support!.postJson(`/api/ops/members/${account.userId}/unlock`, {
      reason: "調査完了",
    });
    expect(unlock.status).toBe(200);
    expect((await page()).member.locked_at).toBeNull();
    await memberBrowser(account);

    const rows = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "member"), eq(auditLog.entityId, String(account.userId))))
      .orderBy(auditLog.auditId);
    expect(rows.map((r) => r.action)).toEqual(["lock", "unlock"]);
    expect(rows[0]!.before).toEqual({ locked_at: null });
    expect(rows[0]!.after).toMatchObject({ reason: "チャージバック調査中", sessions_ended: 1 });
  });

  it("a member locked before being made staff cannot sign in to /ops either", async () => {
    const later = await newStaffAccount(t.services.db, null);
    const lock = await browsers.support!.postJson(`/api/ops/members/${later.userId}/lock`, reason);
    expect(lock.status).toBe(200);
    await grantStaffRoleAtSeed(t.services.db, later.userId, "support");
    const ops = await new Browser(t.app).postJson("/api/ops/login", later);
    expect(ops.status).toBe(401);
  });

  it("a staff account is not locked from member support", async () => {
    const lock = await browsers.admin!.postJson(
      `/api/ops/members/${staffAccount.userId}/lock`,
      reason,
    );
    expect(lock.status).toBe(409);
  });
});
