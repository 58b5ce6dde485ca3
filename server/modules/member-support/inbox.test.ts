import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxAnswer, InquiryAnswer, ReviewQueueAnswer } from "../../../contract/ops-inbox";
import type { MemberPageAnswer } from "../../../contract/ops-members";
import type { ReviewListAnswer } from "../../../contract/review";
import { Browser, createTestApp } from "../../http/test-client";
import { inquiries, users } from "../account/schema";
import { confirmAddress } from "../account/test-fixture";
import { auditLog } from "../audit/schema";
import { books, publishers, series } from "../catalog/schema";
import { outbox } from "../mail/schema";
import { reviews } from "../review/schema";
import { latestReviews, recommendedReviews } from "../review/service";
import { newStaffAccount, signInToOps } from "../staff/test-fixture";

/**
 * Issue 24's inquiries inbox and review moderation: every call for every kind of caller (visitor
 * 401, member 403, editor 403: both are member support's, decision 0098; support and admin
 * answered), one audit row per answered write, the 400s, the reply mailed to the sender's address
 * through the outbox, and a hidden review gone from the public lists and the series' rating while
 * its author still sees it with the reason.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
let support: { userId: number };
let inquiryId = 0;
const visitorAddress = "asker@example.jp";
/** Reviews of series 1: a (5 stars) by the author, b (1 star) by the reader, reported by c. */
const people: Record<string, { browser: Browser; userId: number; profileId: string }> = {};
let reportedReview = 0;
let goodReview = 0;

const longAgo = new Date("2025-01-01T00:00:00Z");

async function member(label: string) {
  const browser = new Browser(t.app);
  const email = `${label}-${Math.random().toString(36).slice(2)}@example.jp`;
  const signup = await browser.postJson("/api/account/signup", {
    email,
    password: "password-123",
    agree: true,
  });
  expect(signup.status).toBe(200);
  await confirmAddress(t.services.db, browser, email);
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId, profileId: row!.profileId };
}

async function seriesRating() {
  const [row] = await t.services.db
    .select({ average: series.ratingAverage, count: series.ratingCount })
    .from(series)
    .where(eq(series.seriesId, 1));
  return { average: Number(row!.average), count: row!.count };
}

async function review(who: string, rating: number) {
  const answer = await people[who]!.browser.postJson<{ review_id: number }>("/api/review/add", {
    series: 1,
    nickname: who,
    title: `${who}の感想`,
    comment: "読みました。",
    rating,
    spoil: false,
    tag: [],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.review_id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values({
    seriesId: 1,
    name: "あおぞら日和",
    nameKana: "アオゾラビヨリ",
    publisherId: 1,
    startDate: longAgo,
  });
  await db.insert(books).values({
    bookId: 1001,
    seriesId: 1,
    itemId: 1001,
    volume: 1,
    title: "巻 1",
    price: 600,
    priceInc: 660,
    itemStartDate: longAgo,
    pageCount: 40,
  });
  for (const who of ["author", "fan", "reporter"]) people[who] = await member(who);
  reportedReview = await review("author", 1);
  goodReview = await review("fan", 5);
  const report = await people.reporter!.browser.postJson("/api/review/report", {
    review_id: reportedReview,
    report_type: 2,
    comment: "攻撃的な表現があります",
  });
  expect(report.status).toBe(200);

  const visitor = new Browser(t.app, "203.0.113.31");
  const sent = await visitor.postJson<{ receipt_no: string }>("/api/inquiry", {
    category: 2,
    email: visitorAddress,
    subject: "クーポンが使えません",
    body: "購入画面でクーポンが選べません。",
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  inquiryId = Number(sent.body.receipt_no.split("-")[1]);

  browsers.visitor = new Browser(t.app);
  await browsers.visitor.open();
  const plain = await newStaffAccount(db, null);
  browsers.member = new Browser(t.app);
  expect((await browsers.member.postJson("/api/account/login", plain)).status).toBe(200);
  for (const role of ["support", "editor", "admin"] as const) {
    const account = await newStaffAccount(db, role);
    if (role === "support") support = account;
    browsers[role] = new Browser(t.app);
    await signInToOps(browsers[role]!, account);
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

const calls: Call[] = [
  { name: "inbox", method: "GET", path: () => "/api/ops/inquiries?status=new" },
  { name: "inquiry", method: "GET", path: () => `/api/ops/inquiries/${inquiryId}` },
  {
    name: "status",
    method: "POST",
    path: () => `/api/ops/inquiries/${inquiryId}/status`,
    body: () => ({ status: "in_progress" }),
  },
  {
    name: "assign",
    method: "POST",
    path: () => `/api/ops/inquiries/${inquiryId}/assign`,
    body: () => ({ assignee: support.userId }),
  },
  {
    name: "note",
    method: "POST",
    path: () => `/api/ops/inquiries/${inquiryId}/notes`,
    body: () => ({ body: "決済ログを確認中" }),
  },
  {
    name: "reply",
    method: "POST",
    path: () => `/api/ops/inquiries/${inquiryId}/replies`,
    body: () => ({ body: "ご不便をおかけしました。", status: "in_progress" }),
  },
  { name: "review queue", method: "GET", path: () => "/api/ops/reviews" },
  {
    name: "hide review",
    method: "POST",
    path: () => `/api/ops/reviews/${reportedReview}/hide`,
    body: () => ({ reason: "誹謗中傷にあたる表現があるため" }),
  },
  {
    name: "restore review",
    method: "POST",
    path: () => `/api/ops/reviews/${reportedReview}/restore`,
    body: () => ({ reason: "確認の結果、問題ありませんでした" }),
  },
];

type Who = "visitor" | "member" | "editor" | "support" | "admin";
const WHO: Who[] = ["visitor", "member", "editor", "support", "admin"];
const expected = (who: Who) =>
  who === "visitor" ? 401 : who === "member" || who === "editor" ? 403 : 200;

describe("every inbox and moderation call × every caller", () => {
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
        expect(written).toBe(answer.status === 200 && call.method === "POST" ? 1 : 0);
        if (written === 1) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row!.actorRole).toBe(who);
          expect(["inquiry", "review"]).toContain(row!.entity);
        }
      });
    }
  }
});

describe("the calls refuse bad input with a 400 naming it", () => {
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ["status", `/status`, { status: "closed" }, "status は new"],
    ["assign", `/assign`, { assignee: "someone" }, "assignee"],
    ["note", `/notes`, { body: "   " }, "メモを入力してください"],
    ["reply", `/replies`, { body: "" }, "返信の本文を入力してください"],
    ["reply", `/replies`, { body: "x".repeat(4001) }, "4000文字以内"],
  ];
  for (const [name, path, body, message] of cases) {
    it(`${name} ${JSON.stringify(body).slice(0, 40)}`, async () => {
      const answer = await browsers.support!.postJson(
        `/api/ops/inquiries/${inquiryId}${path}`,
        body,
      );
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    });
  }

  it("refuses an editor as assignee, a bad filter, an unknown inquiry and a blank reason", async () => {
    const [editor] = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorRole, "editor"))
      .limit(1);
    expect(editor).toBeUndefined();
    const editorAccount = await newStaffAccount(t.services.db, "editor");
    const assign = await browsers.support!.postJson(`/api/ops/inquiries/${inquiryId}/assign`, {
      assignee: editorAccount.userId,
    });
    expect(assign.status).toBe(400);
    expect((await browsers.support!.getJson("/api/ops/inquiries?status=x")).status).toBe(400);
    expect((await browsers.support!.getJson("/api/ops/inquiries/abc")).status).toBe(400);
    expect((await browsers.support!.getJson("/api/ops/inquiries/999999")).status).toBe(404);
    const hide = await browsers.support!.postJson(`/api/ops/reviews/${reportedReview}/hide`, {
      reason: " ",
    });
    expect(hide.status).toBe(400);
    expect(JSON.stringify(hide.body)).toContain("理由を入力してください");
    expect((await browsers.support!.getJson("/api/ops/reviews?state=all")).status).toBe(400);
  });
});

describe("the inbox", () => {
  it("lists a new message as 新規 with paging counts, then follows assignment and the reply", async () => {
    const db = t.services.db;
    const sent = await new Browser(t.app, "203.0.113.32").postJson<{ receipt_no: string }>(
      "/api/inquiry",
      { category: 1, email: "second@example.jp", subject: "退会について", body: "手順を教えて" },
    );
    const id = Number(sent.body.receipt_no.split("-")[1]);
    const fresh = await browsers.support!.getJson<InboxAnswer>("/api/ops/inquiries?status=new");
    expect(fresh.body.rows.map((r) => r.inquiry_id)).toContain(id);
    expect(fresh.body.rows.find((r) => r.inquiry_id === id)).toMatchObject({
      status: "new",
      assignee: null,
      email: "second@example.jp",
      receipt_no: sent.body.receipt_no,
    });

    const assign = await browsers.support!.postJson(`/api/ops/inquiries/${id}/assign`, {
      assignee: support.userId,
    });
    expect(assign.body).toMatchObject({ status: "in_progress", assignee_user_id: support.userId });
    const mine = await browsers.support!.getJson<InboxAnswer>("/api/ops/inquiries?assignee=me");
    expect(mine.body.rows.map((r) => r.inquiry_id)).toContain(id);
    const nobody = await browsers.support!.getJson<InboxAnswer>("/api/ops/inquiries?assignee=none");
    expect(nobody.body.rows.map((r) => r.inquiry_id)).not.toContain(id);

    await browsers.support!.postJson(`/api/ops/inquiries/${id}/notes`, { body: "社内メモです" });
    const mailsBefore = await db.$count(outbox);
    const reply = await browsers.support!.postJson<{ mail_id: number; status: string }>(
      `/api/ops/inquiries/${id}/replies`,
      { body: "マイページの「退会」からお手続きください。" },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("answered");
    expect(await db.$count(outbox)).toBe(mailsBefore + 1);
    const [mail] = await db.select().from(outbox).where(eq(outbox.mailId, reply.body.mail_id));
    expect(mail).toMatchObject({ kind: "inquiry_reply", toAddress: "second@example.jp" });
    expect(mail!.subject).toContain(sent.body.receipt_no);
    expect(mail!.body).toContain("マイページの「退会」からお手続きください。");
    // The internal note never reaches the sender.
    expect(mail!.body).not.toContain("社内メモです");

    const thread = await browsers.support!.getJson<InquiryAnswer>(`/api/ops/inquiries/${id}`);
    expect(thread.body.inquiry.status).toBe("answered");
    expect(thread.body.entries.map((e) => [e.kind, e.body])).toEqual([
      ["note", "社内メモです"],
      ["reply", "マイページの「退会」からお手続きください。"],
    ]);
    expect(thread.body.entries[1]).toMatchObject({
      to_address: "second@example.jp",
      mail_id: reply.body.mail_id,
    });
    const [row] = await db.select().from(inquiries).where(eq(inquiries.inquiryId, id));
    expect(row!.status).toBe("answered");
    const [audit] = await db.select().from(auditLog).orderBy(desc(auditLog.auditId)).limit(1);
    expect(audit).toMatchObject({ action: "reply", entity: "inquiry", entityId: String(id) });
    expect(audit!.after).toMatchObject({ to_address: "second@example.jp", status: "answered" });
  });

  it("answers a member's message at their account's address", async () => {
    const fan = people.fan!;
    const sent = await fan.browser.postJson<{ receipt_no: string }>("/api/inquiry", {
      category: 1,
      subject: "領収書",
      body: "領収書は出せますか",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = Number(sent.body.receipt_no.split("-")[1]);
    const [account] = await t.services.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.userId, fan.userId));
    const reply = await browsers.admin!.postJson<{ mail_id: number }>(
      `/api/ops/inquiries/${id}/replies`,
      { body: "購入履歴から発行できます。" },
    );
    const [mail] = await t.services.db
      .select()
      .from(outbox)
      .where(eq(outbox.mailId, reply.body.mail_id));
    expect(mail!.toAddress).toBe(account!.email);
    // The member's page lists the message with its status, to open it in the inbox.
    const page = await browsers.support!.getJson<MemberPageAnswer>(
      `/api/ops/members/${fan.userId}`,
    );
    expect(page.body.inquiries.find((i) => i.inquiry_id === id)?.status).toBe("answered");
  });
});

describe("review moderation", () => {
  const list = (browser: Browser, body: Record<string, unknown> = { series: 1 }) =>
    browser.postJson<ReviewListAnswer>("/api/review/list", { pn: 1, sort: 1, ...body });

  it("queues the reported review with its reasons; hiding it takes it out of the lists and the rating", async () => {
    // Both reviews count: (1 + 5) / 2.
    expect(await seriesRating()).toEqual({ average: 3, count: 2 });
    const queue = await browsers.support!.getJson<ReviewQueueAnswer>("/api/ops/reviews");
    const row = queue.body.rows.find((r) => r.review_id === reportedReview)!;
    expect(row).toMatchObject({ reports: 1, hidden_at: null, nickname: "author" });
    expect(row.reasons).toEqual([{ report_type: 2, label: "誹謗中傷", count: 1 }]);
    expect(row.comments[0]!.comment).toBe("攻撃的な表現があります");
    expect(queue.body.rows.map((r) => r.review_id)).not.toContain(goodReview);

    const hide = await browsers.support!.postJson(`/api/ops/reviews/${reportedReview}/hide`, {
      reason: "誹謗中傷にあたる表現があるため",
    });
    expect(hide.status).toBe(200);
    expect(await seriesRating()).toEqual({ average: 5, count: 1 });
    const again = await browsers.support!.postJson(`/api/ops/reviews/${reportedReview}/hide`, {
      reason: "誹謗中傷にあたる表現があるため",
    });
    expect(again.status).toBe(409);

    const visitor = new Browser(t.app);
    await visitor.open();
    for (const browser of [visitor, people.fan!.browser]) {
      const ids = (await list(browser)).body.reviews.map((r) => r.review_id);
      expect(ids).toEqual([goodReview]);
      const byAuthor = await list(browser, { profile_id: people.author!.profileId });
      expect(byAuthor.body.reviews).toEqual([]);
    }
    // The store-wide lists (/reviews, the genre recommendations) drop it too.
    const latest = await latestReviews(t.services.db, people.fan!.userId, 1);
    expect(latest.reviews.map((r) => r.review_id)).toEqual([goodReview]);
    const recommended = await recommendedReviews(t.services.db, null, 0);
    expect(recommended.map((r) => r.review_id)).toEqual([goodReview]);
    const like = await people.fan!.browser.postJson("/api/review/like", {
      review_id: reportedReview,
    });
    expect(like.status).toBe(404);

    // The author still sees it, with the reason.
    const own = await list(people.author!.browser, { profile_id: people.author!.profileId });
    expect(own.body.reviews.map((r) => [r.review_id, r.hidden_reason])).toEqual([
      [reportedReview, "誹謗中傷にあたる表現があるため"],
    ]);
    const mine = await list(people.author!.browser);
    expect(mine.body.my_review?.hidden_reason).toBe("誹謗中傷にあたる表現があるため");
    expect((await list(people.fan!.browser)).body.reviews[0]!.hidden_reason).toBeNull();

    const hidden = await browsers.support!.getJson<ReviewQueueAnswer>(
      "/api/ops/reviews?state=hidden",
    );
    expect(hidden.body.rows.map((r) => r.review_id)).toEqual([reportedReview]);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "hide"))
      .orderBy(desc(auditLog.auditId))
      .limit(1);
    expect(audit).toMatchObject({ entity: "review", entityId: String(reportedReview) });
    expect(audit!.before).toMatchObject({ hidden_at: null });
    expect(audit!.after).toMatchObject({ hidden_reason: "誹謗中傷にあたる表現があるため" });
    const authorPage = await browsers.support!.getJson<MemberPageAnswer>(
      `/api/ops/members/${people.author!.userId}`,
    );
    expect(authorPage.body.reviews[0]!.hidden_reason).toBe("誹謗中傷にあたる表現があるため");
  });

  it("an author's edit of a hidden review keeps it out of the rating; restoring brings it back", async () => {
    await review("author", 2);
    expect(await seriesRating()).toEqual({ average: 5, count: 1 });
    const restore = await browsers.admin!.postJson(`/api/ops/reviews/${reportedReview}/restore`, {
      reason: "修正されたため",
    });
    expect(restore.status).toBe(200);
    expect(await seriesRating()).toEqual({ average: 3.5, count: 2 });
    const visitor = new Browser(t.app);
    await visitor.open();
    expect((await list(visitor)).body.reviews.map((r) => r.review_id).sort()).toEqual(
      [reportedReview, goodReview].sort(),
    );
    const [row] = await t.services.db
      .select()
      .from(reviews)
      .where(eq(reviews.reviewId, reportedReview));
    expect(row).toMatchObject({ hiddenAt: null, hiddenReason: null });
  });
});
