import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponView } from "../../../contract/ledgers";
import type { CouponEditorAnswer, IssueAnswer } from "../../../contract/ops-coupons-rules";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { users } from "../account/schema";
import { auditLog } from "../audit/schema";
import { orders, receivedCoupons } from "../commerce/schema";
import { editorTableStatus, newStaffAccount, OPS_CALLERS, opsCallers } from "../staff/test-fixture";
import { runFilterIssue } from "./service";

/**
 * Issue 24's proof for the coupon editor: every call for every kind of caller (visitor 401,
 * member 403, support 403 on writes, editor and admin answered), one audit row per answered
 * write, 400 for a coupon the store could not apply, issuing twice issues once, a list's unknown
 * lines reported, a filter issued in chunks, and the issued / used / remaining counts.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
const told: CatalogChange[] = [];
let couponId = 0;
const members: { userId: number; email: string; password: string }[] = [];

const inMinutes = (minutes: number) => tokyoDateTimeInput(new Date(Date.now() + minutes * 60_000));

const couponBody = (extra: Record<string, unknown> = {}) => ({
  name: "100円OFFクーポン",
  description: "300円以上のお買い物で使えます",
  coupon_type: 1,
  discount_type: 2,
  discount_value: 100,
  min_price: 300,
  start_at: inMinutes(-60),
  end_at: inMinutes(7 * 24 * 60),
  receivable: false,
  stock: 3,
  ...extra,
});

let serial = 0;
const requestId = () => `req-${Date.now()}-${++serial}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  Object.assign(browsers, await opsCallers(t.app, db));
  for (let i = 0; i < 3; i++) members.push(await newStaffAccount(db, null));
  const made = await browsers.editor!.postJson<{ coupon: CouponEditorAnswer }>(
    "/api/ops/coupons",
    couponBody({ stock: null }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  couponId = made.body.coupon.coupon_id;
  t.services.changes.subscribe((change) => {
    told.push(change);
  });
});
afterAll(async () => {
  await t?.database.close();
});

interface Call {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: () => Record<string, unknown>;
  creates?: boolean;
  /** A POST that only reads (the filter count): answered without an audit row. */
  reads?: boolean;
}

const calls: Call[] = [
  { name: "list", method: "GET", path: () => "/api/ops/coupons?q=OFF&page=1" },
  { name: "get", method: "GET", path: () => `/api/ops/coupons/${couponId}` },
  {
    name: "create",
    method: "POST",
    path: () => "/api/ops/coupons",
    body: () => couponBody({ name: `クーポン${++serial}` }),
    creates: true,
  },
  {
    name: "update",
    method: "POST",
    path: () => `/api/ops/coupons/${couponId}`,
    body: () => couponBody({ name: `100円OFFクーポン（${++serial}）`, stock: null }),
  },
  {
    name: "issue",
    method: "POST",
    path: () => `/api/ops/coupons/${couponId}/issue`,
    body: () => ({ request_id: requestId(), to: "members", lines: members[0]!.email }),
  },
  {
    name: "filter count",
    method: "POST",
    path: () => `/api/ops/coupons/${couponId}/issue/filter-count`,
    body: () => ({ filter: { bought: "any" } }),
    reads: true,
  },
];

describe("every /api/ops/coupons call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${editorTableStatus(who, call.method === "POST")}`, async () => {
        const browser = browsers[who]!;
        const auditBefore = await t.services.db.$count(auditLog);
        const toldBefore = told.length;
        const path = call.path();
        const answer =
          call.method === "GET"
            ? await browser.getJson(path)
            : await browser.postJson(path, call.body?.() ?? {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          editorTableStatus(who, call.method === "POST"),
        );
        const answeredWrite = answer.status === 200 && call.method === "POST" && !call.reads;
        expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(answeredWrite ? 1 : 0);
        if (answeredWrite) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row!.entity).toBe("coupon");
          expect(row!.actorRole).toBe(who);
          expect(row!.after).not.toBeNull();
          if (call.creates) expect(row!.before).toBeNull();
          else expect(row!.before).not.toBeNull();
          // Coupon rules are told on the bus; an issue changes members' answers only.
          expect(told.length - toldBefore).toBe(call.name === "issue" ? 0 : 1);
        }
      });
    }
  }
});

describe("a coupon the store could not apply is a 400, and nothing is written", () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ["yen 0", { discount_value: 0 }, "discount_value", /1〜100,000円/],
    ["yen below 0", { discount_value: -100 }, "discount_value", /1〜100,000円/],
    ["percent over 100", { discount_type: 1, discount_value: 120 }, "discount_value", /1〜100％/],
    ["a cap on yen off", { max_discount: 50 }, "max_discount", /％引き/],
    ["end before start", { end_at: inMinutes(-120) }, "end_at", /開始日時より後/],
    ["no such date", { start_at: "2026-02-30T10:00" }, "start_at", /実在する日時/],
    ["a kind the store has not", { coupon_type: 9 }, "coupon_type", /1〜5/],
    ["a series coupon without series", { coupon_type: 3 }, "series_ids", /作品ID/],
    ["an unknown series", { coupon_type: 3, series_ids: [987654] }, "series_ids", /987654/],
    ["an unknown volume", { coupon_type: 4, item_ids: [987654] }, "item_ids", /987654/],
    ["an unknown campaign", { coupon_type: 2, campaign_id: 987654 }, "campaign_id", /987654/],
    ["an unknown genre", { coupon_type: 5, genre_id: 32000 }, "genre_id", /32000/],
    ["a negative stock", { stock: -1 }, "stock", /0〜/],
    ["a sign-up coupon without its countdown", { signup_coupon: true }, "valid_hours", /有効時間/],
  ];
  for (const [name, extra, field, message] of cases) {
    it(name, async () => {
      const auditBefore = await t.services.db.$count(auditLog);
      const answer = await browsers.editor!.postJson<{
        error_message: string;
        error?: { field?: string };
      }>("/api/ops/coupons", couponBody(extra));
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error_message).toMatch(message);
      expect(JSON.stringify(answer.body)).toContain(field);
      expect(await t.services.db.$count(auditLog)).toBe(auditBefore);
    });
  }

  it("a stock below the copies already issued", async () => {
    const made = await browsers.editor!.postJson<{ coupon: CouponEditorAnswer }>(
      "/api/ops/coupons",
      couponBody({ name: "在庫テスト" }),
    );
    const id = made.body.coupon.coupon_id;
    await browsers.editor!.postJson(`/api/ops/coupons/${id}/issue`, {
      request_id: requestId(),
      to: "members",
      lines: `${members[0]!.email}\n${members[1]!.email}`,
    });
    const answer = await browsers.editor!.postJson(
      `/api/ops/coupons/${id}`,
      couponBody({ name: "在庫テスト", stock: 1 }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain("2枚配布");
  });

  it("an issue without members or with a bad request id", async () => {
    for (const body of [
      { request_id: requestId(), to: "members", lines: "  " },
      { request_id: "x", to: "members", lines: members[0]!.email },
      { request_id: requestId(), to: "everyone" },
      { request_id: requestId(), to: "filter", filter: { bought: "maybe" } },
      {
        request_id: requestId(),
        to: "filter",
        filter: { bought: "any", registered_from: "2026-05-02", registered_to: "2026-05-01" },
      },
      { request_id: requestId(), to: "members", lines: "nobody@komaya.example\nabc" },
    ]) {
      const answer = await browsers.editor!.postJson(`/api/ops/coupons/${couponId}/issue`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("issuing", () => {
  let id = 0;
  beforeAll(async () => {
    const made = await browsers.editor!.postJson<{ coupon: CouponEditorAnswer }>(
      "/api/ops/coupons",
      couponBody({ name: "配布テスト", stock: 10 }),
    );
    id = made.body.coupon.coupon_id;
  });
  const issue = (body: Record<string, unknown>) =>
    browsers.editor!.postJson<{ issue: IssueAnswer }>(`/api/ops/coupons/${id}/issue`, body);

  it("a list reports its unknown lines, issues each member once, and a retry issues nothing", async () => {
    const csv = [
      "email",
      members[0]!.email.toUpperCase(),
      `"${members[1]!.email}",山田`,
      String(members[1]!.userId),
      "nobody@komaya.example",
      "",
      "not an address",
    ].join("\r\n");
    const body = { request_id: requestId(), to: "members", lines: csv };
    const first = await issue(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.issue).toMatchObject({
      state: "done",
      matched: 2,
      issued: 2,
      already_held: 0,
      repeated: false,
      unknown: [
        { line: 5, text: "nobody@komaya.example" },
        { line: 7, text: "not an address" },
      ],
    });
    const auditBefore = await t.services.db.$count(auditLog);
    const again = await issue(body);
    expect(again.body.issue).toMatchObject({ issue_id: first.body.issue.issue_id, repeated: true });
    expect(await t.services.db.$count(auditLog)).toBe(auditBefore);
    // The same members in a new request: already held, nothing issued twice.
    const twice = await issue({ ...body, request_id: requestId() });
    expect(twice.body.issue).toMatchObject({ issued: 0, already_held: 2 });
    const held = await t.services.db
      .select()
      .from(receivedCoupons)
      .where(eq(receivedCoupons.couponId, id));
    expect(held.map((h) => h.userId).sort()).toEqual(
      [members[0]!.userId, members[1]!.userId].sort(),
    );
  });

  it("two clicks at once issue once", async () => {
    const made = await browsers.editor!.postJson<{ coupon: CouponEditorAnswer }>(
      "/api/ops/coupons",
      couponBody({ name: "二度押し" }),
    );
    const body = { request_id: requestId(), to: "members", lines: members[2]!.email };
    const path = `/api/ops/coupons/${made.body.coupon.coupon_id}/issue`;
    const [a, b] = await Promise.all([
      browsers.editor!.postJson<{ issue: IssueAnswer }>(path, body),
      browsers.editor!.postJson<{ issue: IssueAnswer }>(path, body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.issue.issue_id).toBe(b.body.issue.issue_id);
    expect([a.body.issue.repeated, b.body.issue.repeated].sort()).toEqual([false, true]);
  });

  it("the member sees the coupon; the counts follow issued, used and the stock", async () => {
    const member = new Browser(t.app);
    expect((await member.postJson("/api/account/login", members[0]!)).status).toBe(200);
    const list = await member.postJson<{ coupon: CouponView[] }>("/api/coupons", {});
    const mine = list.body.coupon.find((c) => c.coupon_id === id);
    expect(mine).toMatchObject({ received_flag: true, used_flag: false, disabled: false });

    const got = await browsers.support!.getJson<{ coupon: CouponEditorAnswer }>(
      `/api/ops/coupons/${id}`,
    );
    expect(got.body.coupon).toMatchObject({ issued: 2, used: 0, stock: 10, remaining: 8 });
    expect(got.body.coupon.issues.length).toBeGreaterThan(0);
  });

  it("a filter issues in chunks by a job, within the stock", async () => {
    const made = await browsers.editor!.postJson<{ coupon: CouponEditorAnswer }>(
      "/api/ops/coupons",
      couponBody({ name: "条件配布", stock: 2 }),
    );
    const filterId = made.body.coupon.coupon_id;
    const queued = await browsers.editor!.postJson<{ issue: IssueAnswer }>(
      `/api/ops/coupons/${filterId}/issue`,
      { request_id: requestId(), to: "filter", filter: { bought: "no" } },
    );
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body.issue.state).toBe("queued");
    const done = await runFilterIssue(t.services, queued.body.issue.issue_id);
    expect(done.state).toBe("done");
    expect(done.issued).toBe(2);
    expect(done.over_stock).toBeGreaterThan(0);
    const got = await browsers.editor!.getJson<{ coupon: CouponEditorAnswer }>(
      `/api/ops/coupons/${filterId}`,
    );
    expect(got.body.coupon).toMatchObject({ issued: 2, remaining: 0 });
    // A job run again finds its issue done and issues nothing.
    const rerun = await runFilterIssue(t.services, queued.body.issue.issue_id);
    expect(rerun.issued).toBe(2);
  });
});

describe("条件に一致する会員: the filter's count is what its issue then reaches", () => {
  it("counts by the same filter the job issues by, and names those already holding it", async () => {
    const db = t.services.db;
    // Five members signed up on one Tokyo day of 2020, apart from every other test member.
    const cohort: number[] = [];
    for (let i = 0; i < 5; i++) cohort.push((await newStaffAccount(db, null)).userId);
    await db
      .update(users)
      .set({ signupAt: new Date("2020-03-10T03:00:00Z") })
      .where(inArray(users.userId, cohort));
    // Two bought (paid); one has only a refunded order, which does not make a buyer.
    const order = (userId: number, status: "paid" | "refunded") => ({
      userId,
      status,
      price: 660,
      subtotal: 660,
      tax: 60,
      amount: 660,
      paymentType: 1,
      idempotencyKey: `filter-count-${userId}-${status}`,
    });
    await db
      .insert(orders)
      .values([
        order(cohort[0]!, "paid"),
        order(cohort[1]!, "paid"),
        order(cohort[2]!, "refunded"),
      ]);
    const made = await browsers.editor!.postJson<{ coupon: CouponEditorAnswer }>(
      "/api/ops/coupons",
      couponBody({ name: "条件の人数", stock: null }),
    );
    const id = made.body.coupon.coupon_id;
    // One buyer already holds it.
    const listed = await browsers.editor!.postJson(`/api/ops/coupons/${id}/issue`, {
      request_id: requestId(),
      to: "members",
      lines: String(cohort[0]),
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);

    const day = { registered_from: "2020-03-10", registered_to: "2020-03-10" };
    const countOf = async (filter: Record<string, unknown>) => {
      const answer = await browsers.editor!.postJson<{ matched: number; already_held: number }>(
        `/api/ops/coupons/${id}/issue/filter-count`,
        { filter },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { matched: answer.body.matched, already_held: answer.body.already_held };
    };
    expect(await countOf({ ...day, bought: "any" })).toEqual({ matched: 5, already_held: 1 });
    expect(await countOf({ ...day, bought: "no" })).toEqual({ matched: 3, already_held: 0 });
    const buyers = await countOf({ ...day, bought: "yes" });
    expect(buyers).toEqual({ matched: 2, already_held: 1 });

    const auditBefore = await db.$count(auditLog);
    await countOf({ bought: "any" });
    expect(await db.$count(auditLog)).toBe(auditBefore);

    // The issue the editor then confirms reaches exactly the members counted.
    const queued = await browsers.editor!.postJson<{ issue: IssueAnswer }>(
      `/api/ops/coupons/${id}/issue`,
      { request_id: requestId(), to: "filter", filter: { ...day, bought: "yes" } },
    );
    const done = await runFilterIssue(t.services, queued.body.issue.issue_id);
    expect(done).toMatchObject({
      state: "done",
      matched: buyers.matched,
      issued: buyers.matched - buyers.already_held,
      already_held: buyers.already_held,
    });
    const held = await db
      .select({ userId: receivedCoupons.userId })
      .from(receivedCoupons)
      .where(eq(receivedCoupons.couponId, id));
    expect(held.map((h) => h.userId).sort((a, b) => a - b)).toEqual([cohort[0], cohort[1]]);
    const none = await countOf({ ...day, bought: "no" });
    const second = await browsers.editor!.postJson<{ issue: IssueAnswer }>(
      `/api/ops/coupons/${id}/issue`,
      { request_id: requestId(), to: "filter", filter: { ...day, bought: "no" } },
    );
    expect(await runFilterIssue(t.services, second.body.issue.issue_id)).toMatchObject({
      matched: none.matched,
      issued: none.matched,
    });
    expect(await countOf({ ...day, bought: "any" })).toEqual({ matched: 5, already_held: 5 });
  });

  it("checks its filter as the issue does, and knows its coupon", async () => {
    const path = `/api/ops/coupons/${couponId}/issue/filter-count`;
    const bad = await browsers.editor!.postJson(path, { filter: { bought: "maybe" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("bought は any・yes・no");
    const backwards = await browsers.editor!.postJson(path, {
      filter: { bought: "any", registered_from: "2026-05-02", registered_to: "2026-05-01" },
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain(
      "登録日の終わりは始まり以降の日付にしてください",
    );
    const missing = await browsers.editor!.postJson(
      "/api/ops/coupons/99999999/issue/filter-count",
      { filter: { bought: "any" } },
    );
    expect(missing.status).toBe(404);
  });
});
