import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { inquiries } from "../account/schema";
import { registerMember } from "../account/service";
import { inquiryNonces } from "./schema";
import { NONCE_WINDOW_SECONDS, sendMessage } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
let member: Browser;
let memberId: number;
const memberEmail = "reader@example.jp";

beforeAll(async () => {
  t = await createTestApp();
  ({ userId: memberId } = await registerMember(t.services.db, {
    email: memberEmail,
    password: "password-123",
  }));
  member = new Browser(t.app, "203.0.113.20");
  const login = await member.postJson("/api/account/login", {
    email: memberEmail,
    password: "password-123",
  });
  expect(login.status).toBe(200);
});
afterAll(async () => {
  await t?.database.close();
});

async function stored(receiptNo: string) {
  const id = Number(receiptNo.split("-")[1]);
  const [row] = await t.services.db.select().from(inquiries).where(eq(inquiries.inquiryId, id));
  return row;
}

const inquiry = {
  category: 2,
  email: "visitor@example.jp",
  subject: "クーポンが使えません",
  body: "カートでクーポンを選んでも割引されません。",
};

describe("POST /api/inquiry", () => {
  it("stores a visitor's inquiry with its category and answers a receipt number", async () => {
    const answer = await new Browser(t.app).postJson<{ receipt_no: string; received_at: string }>(
      "/api/inquiry",
      inquiry,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.receipt_no).toMatch(/^INQ-\d{6}$/);
    expect(answer.body.received_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const row = await stored(answer.body.receipt_no);
    expect(row).toMatchObject({
      kind: "inquiry",
      userId: null,
      email: "visitor@example.jp",
      subject: "【ポイント・クーポンについて】クーポンが使えません",
      body: inquiry.body,
    });
  });

  it("keeps the member's id and answers at the member's address when none is typed", async () => {
    const answer = await member.postJson<{ receipt_no: string }>("/api/inquiry", {
      ...inquiry,
      email: "",
    });
    expect(answer.status).toBe(200);
    expect(await stored(answer.body.receipt_no)).toMatchObject({
      userId: memberId,
      email: memberEmail,
    });
  });

  it("requires an address from visitors", async () => {
    const answer = await new Browser(t.app).postJson("/api/inquiry", { ...inquiry, email: "" });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("email");
  });

  it.each([
    ["email", { email: `${"a".repeat(245)}@example.jp` }],
    ["email", { email: "not-an-address" }],
    ["category", { category: 7 }],
    ["subject", { subject: " " }],
    ["body", { body: "あ".repeat(2001) }],
    ["nonce", { nonce: "no spaces allowed" }],
  ])("answers 400 naming %s when it is wrong", async (field, change) => {
    const before = await t.services.db.$count(inquiries);
    const answer = await new Browser(t.app).postJson<{ error: { field: string } }>("/api/inquiry", {
      ...inquiry,
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe(field);
    expect(answer.body.error_message).toContain(field);
    expect(await t.services.db.$count(inquiries)).toBe(before);
  });

  it("accepts a body of exactly 2000 characters", async () => {
    const answer = await new Browser(t.app).postJson("/api/inquiry", {
      ...inquiry,
      body: "あ".repeat(2000),
    });
    expect(answer.status).toBe(200);
  });
});

describe("POST /api/opinion and /api/request", () => {
  it("stores an opinion with its optional rating and the member id", async () => {
    const answer = await member.postJson<{ receipt_no: string }>("/api/opinion", {
      body: "ドラマCDの試聴が便利です。",
      rating: 5,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.receipt_no).toMatch(/^OPN-/);
    expect(await stored(answer.body.receipt_no)).toMatchObject({
      kind: "opinion",
      userId: memberId,
      subject: "満足度 5（とても満足）",
      body: "ドラマCDの試聴が便利です。",
    });
    const unrated = await new Browser(t.app).postJson<{ receipt_no: string }>("/api/opinion", {
      body: "検索が速いです。",
      rating: "",
    });
    expect(await stored(unrated.body.receipt_no)).toMatchObject({ userId: null, subject: null });
  });

  it("refuses an opinion over 1000 characters or with a rating out of 1–5", async () => {
    const long = await member.postJson("/api/opinion", { body: "あ".repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error_message).toContain("body");
    const rating = await member.postJson("/api/opinion", { body: "よい", rating: 6 });
    expect(rating.status).toBe(400);
    expect(rating.body.error_message).toContain("rating");
  });

  it("stores a title request with every field in the body", async () => {
    const answer = await member.postJson<{ receipt_no: string }>("/api/request", {
      title: "星降る街のアトリエ",
      author: "春野ひかり",
      publisher: "",
      comment: "続刊の配信をお願いします。",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.receipt_no).toMatch(/^REQ-/);
    const row = await stored(answer.body.receipt_no);
    expect(row).toMatchObject({ kind: "request", userId: memberId, subject: "星降る街のアトリエ" });
    expect(row!.body).toBe(
      "作品名：星降る街のアトリエ\n著者名：春野ひかり\n出版社：（未入力）\nコメント：続刊の配信をお願いします。",
    );
  });

  it("requires the series title of a request", async () => {
    const answer = await member.postJson("/api/request", { title: "", author: "誰か" });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("title");
  });
});

describe("repeated form tokens", () => {
  it("stores a message once when the same token is sent twice, answering the same receipt", async () => {
    const browser = new Browser(t.app);
    const before = await t.services.db.$count(inquiries);
    const payload = { ...inquiry, nonce: "tok-0123456789abcdef" };
    const [first, second] = await Promise.all([
      browser.postJson<{ receipt_no: string }>("/api/inquiry", payload),
      browser.postJson<{ receipt_no: string }>("/api/inquiry", payload),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.receipt_no).toBe(first.body.receipt_no);
    expect(await t.services.db.$count(inquiries)).toBe(before + 1);
    const third = await browser.postJson<{ receipt_no: string }>("/api/inquiry", {
      ...payload,
      nonce: "tok-fedcba9876543210",
    });
    expect(third.body.receipt_no).not.toBe(first.body.receipt_no);
    expect(await t.services.db.$count(inquiries)).toBe(before + 2);
  });

  it("does not let one browser's token hide another browser's message", async () => {
    const before = await t.services.db.$count(inquiries);
    const payload = { ...inquiry, nonce: "shared-token-0001" };
    const a = await new Browser(t.app).postJson<{ receipt_no: string }>("/api/inquiry", payload);
    const b = await new Browser(t.app).postJson<{ receipt_no: string }>("/api/inquiry", payload);
    expect(a.body.receipt_no).not.toBe(b.body.receipt_no);
    expect(await t.services.db.$count(inquiries)).toBe(before + 2);
  });

  it("stores the message again once the ten-minute window has passed", async () => {
    const db = t.services.db;
    const message = {
      kind: "opinion" as const,
      userId: null,
      email: null,
      subject: null,
      body: "時間をおいて再送",
      nonceKey: "opinion:visitor-x:window-token",
    };
    const start = new Date("2026-05-01T10:00:00+09:00");
    const first = await sendMessage(db, message, start);
    const within = await sendMessage(
      db,
      message,
      new Date(start.getTime() + (NONCE_WINDOW_SECONDS - 1) * 1000),
    );
    expect(within).toMatchObject({ inquiryId: first.inquiryId, repeated: true });
    const after = await sendMessage(
      db,
      message,
      new Date(start.getTime() + (NONCE_WINDOW_SECONDS + 1) * 1000),
    );
    expect(after.repeated).toBe(false);
    expect(after.inquiryId).not.toBe(first.inquiryId);
    const [token] = await db
      .select()
      .from(inquiryNonces)
      .where(eq(inquiryNonces.nonceKey, message.nonceKey));
    expect(token!.inquiryId).toBe(after.inquiryId);
  });
});

describe("messages from one address (issue 21 item 9)", () => {
  it("takes ten an hour across the three forms; then 429 with Retry-After, nothing stored", async () => {
    const address = "198.51.100.61";
    const before = await t.services.db.$count(inquiries);
    const forms: Array<[string, Record<string, unknown>]> = [
      ["/api/inquiry", inquiry],
      ["/api/opinion", { body: "読みやすいです。" }],
      ["/api/request", { title: "続編希望" }],
    ];
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 13; i++) {
      const browser = new Browser(t.app, address);
      await browser.open();
      const [path, body] = forms[i % 3]!;
      last = await browser.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(3).fill(429)]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await t.services.db.$count(inquiries)).toBe(before + 10);
    // Another address is not held back.
    expect((await new Browser(t.app).postJson("/api/inquiry", inquiry)).status).toBe(200);
  });
});
