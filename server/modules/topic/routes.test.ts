import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { registerMember } from "../account/service";
import { topicPages } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: Browser;
let reader: Browser;

const original = JSON.stringify([
  { columns: [{ blocks: [{ type: "header", text: "よくある質問", level: 1 }] }] },
]);

async function loggedIn(email: string, userType?: string) {
  await registerMember(t.services.db, { email, password: "password-123", userType });
  const browser = new Browser(t.app);
  const login = await browser.postJson("/api/account/login", { email, password: "password-123" });
  expect(login.status).toBe(200);
  return browser;
}

async function storedContent() {
  const [row] = await t.services.db
    .select({ content: topicPages.content })
    .from(topicPages)
    .where(eq(topicPages.pageName, "faq"));
  return row!.content;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.services.db.insert(topicPages).values([
    { pageName: "faq", pageType: "topic", title: "よくある質問", content: original },
    { pageName: "guide", pageType: "page", title: "はじめての方へ", content: original },
  ]);
  staff = await loggedIn("staff@example.jp", "staff");
  reader = await loggedIn("reader@example.jp");
});
afterAll(async () => {
  await t?.database.close();
});

const edited = [
  {
    columns: [
      { lRange: 6, blocks: [{ type: "header", text: "ヘルプ", level: 1 }] },
      { lRange: 6, blocks: [{ type: "futureBlock", note: "unknown types are kept" }] },
    ],
  },
];

describe("POST /api/topic_page/{pageName}", () => {
  it("lets staff replace a page's content and answers the stored page", async () => {
    const answer = await staff.postJson<{ page: { content: string; updated_at: string } }>(
      "/api/topic_page/faq",
      { content: JSON.stringify(edited, null, 2) },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.page.content)).toEqual(edited);
    expect(JSON.parse(await storedContent())).toEqual(edited);
    await staff.postJson("/api/topic_page/faq", { content: original });
  });

  it("updates the page of the type asked for", async () => {
    const answer = await staff.postJson("/api/topic_page/guide", {
      content: JSON.stringify(edited),
      page_type: "page",
    });
    expect(answer.status).toBe(200);
    expect(await storedContent()).toBe(original);
  });

  it.each([
    ["a visitor", () => new Browser(t.app)],
    ["a member who is not staff", () => reader],
  ])("answers 403 to %s and changes nothing", async (_who, browser) => {
    const answer = await browser().postJson("/api/topic_page/faq", {
      content: JSON.stringify(edited),
    });
    expect(answer.status).toBe(403);
    expect(await storedContent()).toBe(original);
  });

  it.each([
    ["broken JSON", '[{"columns": [}]'],
    ["an object instead of rows", '{"columns": []}'],
    ["a row without columns", '[{"blocks": []}]'],
    ["a block without type", '[{"columns": [{"blocks": [{"text": "x"}]}]}]'],
    ["a column wider than 12", '[{"columns": [{"lRange": 13, "blocks": []}]}]'],
  ])("refuses %s with 内容を見直してください and stores nothing", async (_what, content) => {
    const answer = await staff.postJson<{ error: { field: string } }>("/api/topic_page/faq", {
      content,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("内容を見直してください");
    expect(answer.body.error.field).toBe("content");
    expect(await storedContent()).toBe(original);
  });

  it("answers 404 for a page that does not exist instead of creating it", async () => {
    const answer = await staff.postJson("/api/topic_page/nothing-here", { content: "[]" });
    expect(answer.status).toBe(404);
    expect(await t.services.db.$count(topicPages)).toBe(2);
  });
});

describe("GET /api/topic_page/{pageName}", () => {
  it("gives staff the raw content and refuses everyone else", async () => {
    const answer = await staff.getJson<{ page: { content: string; title: string } }>(
      "/api/topic_page/faq",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.page).toMatchObject({ content: original, title: "よくある質問" });
    expect((await reader.getJson("/api/topic_page/faq")).status).toBe(403);
    expect((await new Browser(t.app).getJson("/api/topic_page/faq")).status).toBe(403);
  });
});
