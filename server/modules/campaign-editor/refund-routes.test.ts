import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefundCampaignAnswer } from "../../../contract/ops-refund-campaigns-rules";
import { tokyoDateTimeInput, tokyoInstant, tokyoIsoDate } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { users } from "../account/schema";
import { auditLog } from "../audit/schema";
import { runLedgerJobs } from "../commerce/jobs";
import { orders, pointEntries, refundCampaigns, refunds } from "../commerce/schema";
import { taxContained } from "../pricing/rules";
import {
  editorTableStatus,
  newStaffAccount,
  OPS_CALLERS,
  signInToOps,
} from "../staff/test-fixture";

/**
 * Issue 24's proof for ポイント還元 in the campaign editor (decision 0105): every call for every
 * kind of caller, one audit row and one "refund_campaign" change per answered write; 400 with the
 * store's words for a campaign it could not settle; a double click creates one campaign; a
 * member's status names a campaign as soon as it is saved; orders entered keep their rate and
 * window; and a campaign made here pays a member's order back through the store's own job.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
const told: CatalogChange[] = [];
let refundId = 0;
let serial = 0;
const hour = 3_600_000;

const at = (hours: number) => tokyoDateTimeInput(new Date(Date.now() + hours * hour));
const dayAfter = (hours: number) => tokyoIsoDate(new Date(Date.now() + hours * hour + 24 * hour));
const requestId = () => `req-${Date.now()}-${++serial}`;

/** A campaign whose window opens tomorrow: nothing entered, every field may change. */
const body = (extra: Record<string, unknown> = {}) => ({
  name: "年末ポイント20%還元",
  rate_percent: 20,
  purchase_start_at: at(24),
  purchase_end_at: at(24 * 8),
  period_date: dayAfter(24 * 9),
  point_valid_days: 90,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  browsers.visitor = new Browser(t.app);
  await browsers.visitor.open();
  browsers.member = new Browser(t.app);
  expect(
    (
      await browsers.member.postJson("/api/account/signup", {
        email: `refund-${Date.now()}@example.jp`,
        password: "password-123",
        agree: true,
      })
    ).status,
  ).toBe(200);
  for (const role of ["support", "editor", "admin"] as const) {
    browsers[role] = new Browser(t.app);
    await signInToOps(browsers[role]!, await newStaffAccount(db, role));
  }
  const made = await create(body({ request_id: requestId() }));
  refundId = made.refund_id;
  t.services.changes.subscribe((change) => {
    told.push(change);
  });
});
afterAll(async () => {
  await t?.database.close();
});

async function create(payload: Record<string, unknown>) {
  const answer = await browsers.editor!.postJson<{ refund_campaign: RefundCampaignAnswer }>(
    "/api/ops/refund-campaigns",
    payload,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.refund_campaign;
}

const edit = (id: number, payload: Record<string, unknown>) =>
  browsers.editor!.postJson<{
    refund_campaign: RefundCampaignAnswer;
    error_message?: string;
  }>(`/api/ops/refund-campaigns/${id}`, payload);

interface Call {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: () => Record<string, unknown>;
  creates?: boolean;
}

const calls: Call[] = [
  { name: "list", method: "GET", path: () => "/api/ops/refund-campaigns?state=upcoming&page=1" },
  { name: "get", method: "GET", path: () => `/api/ops/refund-campaigns/${refundId}` },
  {
    name: "create",
    method: "POST",
    path: () => "/api/ops/refund-campaigns",
    body: () => body({ name: `還元${++serial}`, request_id: requestId() }),
    creates: true,
  },
  {
    name: "update",
    method: "POST",
    path: () => `/api/ops/refund-campaigns/${refundId}`,
    body: () => body({ name: `年末ポイント20%還元（${++serial}）` }),
  },
];

describe("every /api/ops/refund-campaigns call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${editorTableStatus(who, call.method === "POST")}`, async () => {
        const browser = browsers[who]!;
        const auditBefore = await t.services.db.$count(auditLog);
        const toldBefore = told.length;
        const answer =
          call.method === "GET"
            ? await browser.getJson(call.path())
            : await browser.postJson(call.path(), call.body?.() ?? {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          editorTableStatus(who, call.method === "POST"),
        );
        const answeredWrite = answer.status === 200 && call.method === "POST";
        expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(answeredWrite ? 1 : 0);
        if (!answeredWrite) return;
        const [row] = await t.services.db
          .select()
          .from(auditLog)
          .orderBy(desc(auditLog.auditId))
          .limit(1);
        expect(row!.entity).toBe("refund_campaign");
        expect(row!.actorRole).toBe(who);
        expect(row!.after).not.toBeNull();
        if (call.creates) expect(row!.before).toBeNull();
        else expect(row!.before).not.toBeNull();
        expect(told.slice(toldBefore)).toContainEqual({
          entity: "refund_campaign",
          id: expect.any(Number),
        });
      });
    }
  }
});

describe("a campaign the store could not settle is refused with a 400", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["no name", { name: "  " }, /キャンペーン名を入力してください/],
    ["a rate of 0", { rate_percent: 0 }, /還元率は1〜100の整数/],
    ["a rate over 100", { rate_percent: 101 }, /還元率は1〜100の整数/],
    ["a rate in words", { rate_percent: "たくさん" }, /還元率は1〜100の整数/],
    ["a day that does not exist", { purchase_start_at: "2026-02-30T10:00" }, /実在する日時/],
    ["an end before the start", { purchase_end_at: at(12) }, /終了は開始より後/],
    [
      "a grant day inside the window",
      { period_date: dayAfter(24 * 6) },
      /ポイント付与日は購入期間の終了より後/,
    ],
    ["a grant day not in the calendar", { period_date: "2027-02-29" }, /実在する日付/],
    ["points that never last", { point_valid_days: 0 }, /有効期限は1〜3650/],
    ["a request id too short", { request_id: "abc" }, /request_id は英数字/],
  ];
  for (const [name, extra, message] of cases) {
    it(name, async () => {
      const before = await t.services.db.$count(refundCampaigns);
      const answer = await browsers.editor!.postJson<{ error_message: string }>(
        "/api/ops/refund-campaigns",
        body(extra),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error_message).toMatch(message);
      expect(await t.services.db.$count(refundCampaigns)).toBe(before);
    });
  }
});

describe("creating", () => {
  it("a double click or a retry creates one campaign, with one audit row", async () => {
    const id = requestId();
    const payload = body({ name: "ダブルクリック還元", request_id: id });
    const auditBefore = await t.services.db.$count(auditLog);
    const twins = await Promise.all([
      browsers.editor!.postJson<{ refund_campaign: RefundCampaignAnswer }>(
        "/api/ops/refund-campaigns",
        payload,
      ),
      browsers.editor!.postJson<{ refund_campaign: RefundCampaignAnswer }>(
        "/api/ops/refund-campaigns",
        payload,
      ),
    ]);
    const retry = await create(payload);
    expect(twins.map((a) => a.status)).toEqual([200, 200]);
    const ids = new Set([...twins.map((a) => a.body.refund_campaign.refund_id), retry.refund_id]);
    expect(ids.size).toBe(1);
    const rows = await t.services.db
      .select()
      .from(refundCampaigns)
      .where(eq(refundCampaigns.name, "ダブルクリック還元"));
    expect(rows).toHaveLength(1);
    expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(1);
    // A new form (a new id) is a new campaign.
    expect((await create({ ...payload, request_id: requestId() })).refund_id).not.toBe(
      retry.refund_id,
    );
  });

  it("a member's status names a running campaign as soon as it is saved", async () => {
    const status = async () =>
      (await browsers.member!.postJson<{ enable_refund: number[] }>("/api/user")).body
        .enable_refund;
    expect(await status()).toEqual([]);
    const running = await create(
      body({
        name: "今すぐ還元",
        purchase_start_at: at(-1),
        request_id: requestId(),
      }),
    );
    expect(running.state).toBe("running");
    expect(await status()).toEqual([running.refund_id]);
    const list = await browsers.support!.getJson<{ rows: RefundCampaignAnswer[] }>(
      "/api/ops/refund-campaigns?state=running",
    );
    expect(list.body.rows.map((r) => r.refund_id)).toEqual([running.refund_id]);
  });
});

async function memberId(email: string) {
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return row!.userId;
}

async function paidOrder(userId: number, amount: number, when: Date) {
  const [row] = await t.services.db
    .insert(orders)
    .values({
      userId,
      price: amount,
      subtotal: amount,
      tax: taxContained(amount),
      amount,
      paymentType: 1,
      idempotencyKey: `refund-${Math.random()}`,
      createdAt: when,
    })
    .returning();
  return row!.orderId;
}

describe("orders entered keep what they were promised", () => {
  it("locks the rate and the start, then pays the points on the grant day through the job", async () => {
    const email = `buyer-${Date.now()}@example.jp`;
    const buyer = new Browser(t.app);
    await buyer.postJson("/api/account/signup", { email, password: "password-123", agree: true });
    const userId = await memberId(email);
    // A window of its own, three days back to an hour ahead, apart from the other tests'.
    const c = await create(
      body({
        name: "週末10%還元",
        rate_percent: 10,
        purchase_start_at: at(-72),
        purchase_end_at: at(1),
        // The day after the latest end this test moves to (at(2) below): the grant day must come
        // after the end's Tokyo day, and from 22:00 in Tokyo at(2) is already tomorrow.
        period_date: dayAfter(2),
        point_valid_days: 30,
        request_id: requestId(),
      }),
    );
    expect(c.locked).toBe(false);
    const ordered = await paidOrder(userId, 1500, new Date(Date.now() - 2 * hour));
    await paidOrder(userId, 900, new Date(Date.now() - 96 * hour));

    const entered = (
      await browsers.editor!.getJson<{ refund_campaign: RefundCampaignAnswer }>(
        `/api/ops/refund-campaigns/${c.refund_id}`,
      )
    ).body.refund_campaign;
    expect([entered.orders, entered.points_pending, entered.points_granted]).toEqual([1, 150, 0]);
    expect(entered.locked).toBe(true);

    const was = {
      name: c.name,
      rate_percent: 10,
      purchase_start_at: c.purchase_start_at,
      purchase_end_at: c.purchase_end_at,
      period_date: c.period_date,
      point_valid_days: 30,
    };
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ rate_percent: 50 }, /還元率は変更できません/],
      [{ purchase_start_at: at(-1) }, /購入期間の開始は変更できません/],
      [{ purchase_end_at: at(-1), period_date: dayAfter(0) }, /今より後の日時にしか/],
    ];
    for (const [change, message] of refused) {
      const answer = await edit(c.refund_id, { ...was, ...change });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error_message).toMatch(message);
    }
    // Later is still allowed: no entered order falls out of a longer window.
    const longer = await edit(c.refund_id, { ...was, purchase_end_at: at(2) });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    was.purchase_end_at = longer.body.refund_campaign.purchase_end_at;

    // The store's own job, its clock moved to the grant day.
    const [y, m, d] = c.period_date.split("-").map(Number);
    const grantDay = tokyoInstant(y!, m!, d!);
    expect(await runLedgerJobs(t.services.db, new Date(grantDay.getTime() - 60_000))).toEqual({
      expired: [],
      refunded: [],
    });
    const settled = await runLedgerJobs(t.services.db, new Date(grantDay.getTime() + hour));
    expect(settled?.refunded).toEqual([userId]);
    const paid = await t.services.db.select().from(refunds).where(eq(refunds.userId, userId));
    expect(paid.map((r) => [r.orderId, r.amount, r.status, r.refundCampaignId])).toEqual([
      [ordered, 150, "granted", c.refund_id],
    ]);
    const earned = await t.services.db
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.userId, userId), eq(pointEntries.reason, "refund")));
    expect(earned.map((e) => [e.delta, e.orderId, e.description])).toEqual([
      [150, ordered, "週末10%還元"],
    ]);

    const after = (
      await browsers.editor!.getJson<{ refund_campaign: RefundCampaignAnswer }>(
        `/api/ops/refund-campaigns/${c.refund_id}`,
      )
    ).body.refund_campaign;
    expect([after.points_granted, after.points_pending, after.settled]).toEqual([150, 0, true]);
    const late = await edit(c.refund_id, { ...was, point_valid_days: 60 });
    expect(late.status).toBe(400);
    expect(late.body.error_message).toMatch(/キャンペーン名のほかは変更できません/);
    const renamed = await edit(c.refund_id, { ...was, name: "週末10%還元（終了）" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});
