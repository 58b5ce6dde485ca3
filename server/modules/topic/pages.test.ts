import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TopicPageAnswer } from "../../../contract/topic";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { registerMember } from "../account/service";
import { categories, genres, labels, magazines, publishers } from "../catalog/schema";
import { homeLayouts, menuTopicContents } from "../home/schema";
import { entryApplications, topicEntries, topicPages } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let member: Browser;
let memberId: number;
const day = 24 * 3600_000;

const content = JSON.stringify([
  {
    class: "logoutOnly",
    columns: [{ blocks: [{ type: "text", html: "ようこそ<script>x</script>" }] }],
  },
  {
    class: "loginOnly",
    columns: [
      {
        blocks: [
          { type: "text", html: "会員の方へ。{this_month}月" },
          { type: "entryBtn", entryId: 1, text: "エントリーする", enteredText: "エントリー済み" },
          { type: "entryBtn", entryId: 999, text: "ない", enteredText: "-" },
        ],
      },
    ],
  },
  {
    columns: [
      {
        blocks: [
          { type: "homeContent", layoutId: 501, num: 4 },
          { type: "homeContent", layoutId: 502 },
          { type: "text", utmSource: "^facebook$", html: "SNSから" },
          { type: "text", url: "^/page/", html: "ページだけ" },
        ],
      },
    ],
  },
]);

async function loggedIn(email: string) {
  const { userId } = await registerMember(t.services.db, { email, password: "password-123" });
  const browser = new Browser(t.app);
  const login = await browser.postJson("/api/account/login", { email, password: "password-123" });
  expect(login.status).toBe(200);
  return { browser, userId };
}

beforeAll(async () => {
  t = await createTestApp();
  const now = Date.now();
  const layout = {
    genre: 1,
    position: 1,
    layoutType: 1,
    displayNumber: 10,
    title: "話題の新刊",
  };
  await t.services.db.insert(homeLayouts).values([
    { layoutId: 501, ...layout },
    { layoutId: 502, ...layout, endAt: new Date(now - day) },
  ]);
  await t.services.db.insert(topicEntries).values([
    {
      entryId: 1,
      name: "全員",
      acceptStartAt: new Date(now - day),
      acceptEndAt: new Date(now + day),
    },
    {
      entryId: 2,
      name: "メルマガ",
      acceptStartAt: new Date(now - day),
      acceptEndAt: new Date(now + day),
      newsletterRequired: true,
    },
    {
      entryId: 3,
      name: "終了",
      acceptStartAt: new Date(now - 9 * day),
      acceptEndAt: new Date(now - day),
    },
  ]);
  await t.services.db.insert(topicPages).values([
    { pageName: "fair", pageType: "topic", title: "祭り", description: "説明", content },
    { pageName: "guide", pageType: "page", title: "ガイド", content },
    {
      pageName: "broken",
      pageType: "topic",
      title: "壊れ",
      content: "ただのテキスト",
      tags: ["秋"],
    },
    { pageName: "later", pageType: "topic", title: "未来", content, startAt: new Date(now + day) },
    { pageName: "over", pageType: "topic", title: "過去", content, endAt: new Date(now - day) },
  ]);
  ({ browser: member, userId: memberId } = await loggedIn("topic-member@example.jp"));
});
afterAll(async () => {
  await t?.database.close();
});

const text = (answer: TopicPageAnswer) => JSON.stringify(answer.rows);

describe("GET /api/topic/{pageName} and /api/page/{pageName}", () => {
  it("shows a visitor the visitor blocks only, sanitised, with home sections' layouts", async () => {
    const answer = await new Browser(t.app).getJson<TopicPageAnswer>("/api/topic/fair");
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe("祭り");
    expect(text(answer.body)).toContain("ようこそ");
    expect(text(answer.body)).not.toContain("script");
    expect(text(answer.body)).not.toContain("会員の方へ");
    const blocks = answer.body.rows!.flatMap((r) => r.columns.flatMap((c) => c.blocks));
    const sections = blocks.filter((b) => b.type === "homeContent");
    // 502 has ended, so it drops out; num overrides the section's display number.
    expect(sections).toHaveLength(1);
    expect(sections[0]!.layout).toMatchObject({ layout_id: 501, display_number: 4 });
    expect(text(answer.body)).not.toContain("SNSから");
    expect(text(answer.body)).not.toContain("ページだけ");
  });

  it("shows the member the member blocks with entry states and filled placeholders", async () => {
    const answer = await member.getJson<TopicPageAnswer>("/api/topic/fair?utm_source=facebook");
    expect(text(answer.body)).not.toContain("ようこそ");
    expect(text(answer.body)).toMatch(/会員の方へ。\d{1,2}月/);
    expect(text(answer.body)).toContain("SNSから");
    const entries = answer.body
      .rows!.flatMap((r) => r.columns.flatMap((c) => c.blocks))
      .filter((b) => b.type === "entryBtn");
    expect(entries.map((b) => b.entry)).toEqual([
      { entry_id: 1, accepted: true, completed: false, newsletter_required: false, is_login: true },
    ]);
  });

  it("serves /page pages by the same assembler and url rules see the page's path", async () => {
    const answer = await new Browser(t.app).getJson<TopicPageAnswer>(
      "/api/page/guide?url=/page/guide",
    );
    expect(answer.status).toBe(200);
    expect(text(answer.body)).toContain("ページだけ");
    expect((await new Browser(t.app).getJson("/api/page/fair")).status).toBe(404);
  });

  it("answers content that is not JSON as plain text with the page's fields", async () => {
    const answer = await new Browser(t.app).getJson<TopicPageAnswer>("/api/topic/broken");
    expect(answer.body.rows).toBeNull();
    expect(answer.body.plain_text).toBe("ただのテキスト");
    expect(answer.body.fields.tags).toEqual(["秋"]);
  });

  it("names what the search buttons search: the page's publisher, label, magazine, genre and category, and a block's own id", async () => {
    const db = t.services.db;
    await db.insert(genres).values({ genreId: 2, name: "少女・女性" }).onConflictDoNothing();
    const [publisher] = await db
      .insert(publishers)
      .values({ name: "星海出版", nameKana: "ほしみしゅっぱん" })
      .returning();
    const publisherId = publisher!.publisherId;
    const [label] = await db
      .insert(labels)
      .values({ publisherId, name: "ほしみコミックス" })
      .returning();
    const [magazine] = await db
      .insert(magazines)
      .values({ publisherId, name: "月刊ほしみ" })
      .returning();
    const [category] = await db.insert(categories).values({ name: "恋愛" }).returning();
    const fields = {
      publisherId,
      labelId: label!.labelId,
      magazineId: magazine!.magazineId,
      genreId: 2,
      categoryId: category!.categoryId,
    };
    const buttons = JSON.stringify([
      {
        columns: [
          {
            blocks: [
              { type: "publisher" },
              { type: "label", id: label!.labelId },
              { type: "magazine", id: 999_999 },
            ],
          },
        ],
      },
    ]);
    await db.insert(topicPages).values([
      { pageName: "buttons", pageType: "topic", title: "ボタン", content: buttons, ...fields },
      {
        pageName: "buttons-text",
        pageType: "topic",
        title: "テキスト",
        content: "本文",
        ...fields,
      },
    ]);
    const names = {
      publisher: "星海出版",
      label: "ほしみコミックス",
      magazine: "月刊ほしみ",
      genre: "少女・女性",
      category: "恋愛",
    };
    const plain = await new Browser(t.app).getJson<TopicPageAnswer>("/api/topic/buttons-text");
    expect(plain.body.fields.names).toEqual(names);
    const page = await new Browser(t.app).getJson<TopicPageAnswer>("/api/topic/buttons");
    expect(page.body.fields.names).toEqual(names);
    const blocks = page.body.rows!.flatMap((r) => r.columns.flatMap((c) => c.blocks));
    // The label block names its own label; a magazine id that names nothing is left out.
    expect(blocks.map((b) => [b.type, b.name])).toEqual([
      ["publisher", undefined],
      ["label", "ほしみコミックス"],
    ]);
  });

  it.each(["nothing", "later", "over"])("answers 404 for %s", async (name) => {
    const answer = await new Browser(t.app).getJson(`/api/topic/${name}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error_message).toBe("This page could not be found");
  });

  it("refuses a bad page name and an overlong utm value with 400", async () => {
    expect((await new Browser(t.app).getJson("/api/topic/a%20b")).status).toBe(400);
    const long = "x".repeat(201);
    expect((await new Browser(t.app).getJson(`/api/topic/fair?utm_source=${long}`)).status).toBe(
      400,
    );
  });
});

describe("GET /api/personal/menu_topic", () => {
  it("gives each visitor the drawer rows meant for them, privately", async () => {
    await t.services.db.insert(menuTopicContents).values({
      genre: 0,
      content: [
        { columns: [{ blocks: [{ type: "text", class: "loginOnly", html: "会員向け" }] }] },
        { columns: [{ blocks: [{ type: "text", class: "logoutOnly", html: "ゲスト向け" }] }] },
      ],
      updatedAt: new Date(),
    });
    const guest = await new Browser(t.app).getJson<{ rows: unknown[] }>(
      "/api/personal/menu_topic?genre=2",
    );
    expect(JSON.stringify(guest.body.rows)).toContain("ゲスト向け");
    expect(JSON.stringify(guest.body.rows)).not.toContain("会員向け");
    const mine = await member.getJson<{ rows: unknown[] }>("/api/personal/menu_topic?genre=2");
    expect(JSON.stringify(mine.body.rows)).toContain("会員向け");
    expect(JSON.stringify(mine.body.rows)).not.toContain("ゲスト向け");
    expect((await member.getJson("/api/personal/menu_topic?genre=99")).status).toBe(400);
  });
});

describe("/api/entry/{entryId}", () => {
  const applications = () =>
    t.services.db.select().from(entryApplications).where(eq(entryApplications.userId, memberId));

  it("asks visitors to log in", async () => {
    const answer = await new Browser(t.app).postJson("/api/entry/1", {});
    expect(answer.status).toBe(401);
  });

  it("records one entry however often the member enters", async () => {
    const first = await member.postJson<{ entered: boolean }>("/api/entry/1", {});
    expect(first.status).toBe(200);
    expect(first.body.entered).toBe(true);
    const again = await member.postJson<{ entered: boolean }>("/api/entry/1", {});
    expect(again.body.entered).toBe(false);
    expect((await applications()).filter((a) => a.entryId === 1)).toHaveLength(1);
    const state = await member.getJson<{ entry: { completed: boolean } }>("/api/entry/1");
    expect(state.body.entry.completed).toBe(true);
    const page = await member.getJson<TopicPageAnswer>("/api/topic/fair");
    expect(text(page.body)).toContain('"completed":true');
  });

  it("needs the newsletter box for a newsletter entry, and ticking it subscribes", async () => {
    const refused = await member.postJson("/api/entry/2", { newsletter: false });
    expect(refused.status).toBe(409);
    expect(refused.body.error_message).toBe("このエントリーにはメールマガジンの購読が必要です");
    const entered = await member.postJson("/api/entry/2", { newsletter: true });
    expect(entered.status).toBe(200);
    const [row] = await t.services.db
      .select({ flag: users.newsletterFlag })
      .from(users)
      .where(eq(users.userId, memberId));
    expect(row!.flag).toBe(true);
  });

  it("refuses an entry outside its accept period and an unknown one", async () => {
    const closed = await member.postJson("/api/entry/3", {});
    expect(closed.status).toBe(409);
    expect(closed.body.error_message).toBe("このエントリーは受付期間外です");
    expect((await member.postJson("/api/entry/77", {})).status).toBe(404);
    expect((await member.postJson("/api/entry/abc", {})).status).toBe(400);
    expect((await member.postJson("/api/entry/1", { newsletter: "yes" })).status).toBe(400);
    expect((await applications()).some((a) => a.entryId === 3)).toBe(false);
  });
});
