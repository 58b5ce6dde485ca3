import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TopicPageEditorAnswer, TopicPreviewAnswer } from "../../../contract/ops-topics";
import type { TopicPageAnswer } from "../../../contract/topic";
import { fromEditorRows, toEditorRows, updateBlock } from "../../../contract/topic-editor-model";
import { MARKER_KINDS, markerClass } from "../../../contract/topic-vocabulary";
import { type Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { topicPage } from "../../pages/topic";
import { auditLog } from "../audit/schema";
import { editorTableStatus, OPS_CALLERS, opsCallers } from "../staff/test-fixture";
import { topicPages } from "../topic/schema";
import { KNOWN_MARKERS, readMarker } from "../topic/visibility";

/**
 * Issue 24's proof for the topic page editor: every call for every kind of caller (visitor 401,
 * member 403, support reads and previews but 403 on writes, editor and admin answered), one
 * audit row and one change on the bus per answered write, 400 in Japanese for what the store
 * could not read, a stale save refused, and a page built with the editor's model keeping its
 * member-only block's text away from visitors, both on the API and in the page's loader.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
const told: CatalogChange[] = [];
let serial = 0;

const MEMBER_TEXT = "会員さま限定：今月のボーナスポイント";
const VISITOR_TEXT = "はじめての方へ：会員登録で1冊無料";

/** A page built the way the editor builds it: blocks from the palette, a member-only rule. */
function builtContent() {
  const rows = toEditorRows([
    {
      columns: [
        {
          blocks: [
            { type: "header", text: "冬の特集", level: 1 },
            { type: "text", html: `<p>${VISITOR_TEXT}</p>` },
            { type: "text", html: `<p>${MEMBER_TEXT}</p>` },
          ],
        },
      ],
    },
  ]);
  const memberOnly = rows[0]!.columns[0]!.blocks[2]!.key;
  return JSON.stringify(fromEditorRows(updateBlock(rows, memberOnly, { class: "loginOnly" })));
}

const newPage = (extra: Record<string, unknown> = {}) => ({
  page_name: `winter-${++serial}`,
  page_type: "topic",
  title: "冬の特集",
  description: "冬のおすすめ",
  start_at: "",
  end_at: "",
  ...extra,
});

async function opened(name: string) {
  const answer = await browsers.admin!.getJson<{ page: TopicPageEditorAnswer }>(
    `/api/ops/topic-pages/${name}?type=topic`,
  );
  return answer.body.page;
}

const TARGET = "winter-target";

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  Object.assign(browsers, await opsCallers(t.app, db));
  const made = await browsers.admin!.postJson(
    "/api/ops/topic-pages",
    newPage({ page_name: TARGET }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
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
  path: () => string | Promise<string>;
  body?: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  write?: boolean;
  creates?: boolean;
}

const calls: Call[] = [
  { name: "list", method: "GET", path: () => "/api/ops/topic-pages" },
  { name: "get", method: "GET", path: () => `/api/ops/topic-pages/${TARGET}?type=topic` },
  {
    name: "preview",
    method: "POST",
    path: () => "/api/ops/topic-pages/preview",
    body: () => ({ content: builtContent(), page_type: "topic", page_name: TARGET }),
  },
  {
    name: "create",
    method: "POST",
    path: () => "/api/ops/topic-pages",
    body: () => newPage(),
    write: true,
    creates: true,
  },
  {
    name: "save",
    method: "POST",
    path: () => `/api/ops/topic-pages/${TARGET}?type=topic`,
    body: async () => ({
      title: `冬の特集 ${++serial}`,
      description: null,
      start_at: "",
      end_at: "",
      content: builtContent(),
      seen_updated_at: (await opened(TARGET)).updated_at,
    }),
    write: true,
  },
  // A page is published once; each caller's publish is followed by its withdraw.
  {
    name: "publish",
    method: "POST",
    path: () => `/api/ops/topic-pages/${TARGET}/publish?type=topic`,
    write: true,
  },
  {
    name: "withdraw",
    method: "POST",
    path: () => `/api/ops/topic-pages/${TARGET}/withdraw?type=topic`,
    write: true,
  },
];

describe("every /api/ops/topic-pages call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${editorTableStatus(who, call.write === true)}`, async () => {
        const browser = browsers[who]!;
        const path = await call.path();
        const body = (await call.body?.()) ?? {};
        const auditBefore = await t.services.db.$count(auditLog);
        const toldBefore = told.length;
        const answer =
          call.method === "GET" ? await browser.getJson(path) : await browser.postJson(path, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          editorTableStatus(who, call.write === true),
        );
        const answeredWrite = answer.status === 200 && call.write === true;
        expect((await t.services.db.$count(auditLog)) - auditBefore).toBe(answeredWrite ? 1 : 0);
        expect(told.length - toldBefore).toBe(answeredWrite ? 1 : 0);
        if (answeredWrite) {
          const [row] = await t.services.db
            .select()
            .from(auditLog)
            .orderBy(desc(auditLog.auditId))
            .limit(1);
          expect(row!.entity).toBe("topic_page");
          expect(told.at(-1)).toEqual({ entity: "topic_page", id: Number(row!.entityId) });
          expect(row!.after).not.toBeNull();
          if (call.creates) expect(row!.before).toBeNull();
          else expect(row!.before).not.toBeNull();
        }
        if (answer.status === 401) {
          expect(answer.body).toMatchObject({ result: false, error_url: "/ops/login" });
        }
      });
    }
  }
});

describe("what the store could not read is a 400 in Japanese, and nothing is written", () => {
  const refused = async (path: string, body: Record<string, unknown>, message: RegExp) => {
    const before = await t.services.db.$count(auditLog);
    const answer = await browsers.editor!.postJson<{ error_message: string }>(path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error_message).toMatch(message);
    expect(await t.services.db.$count(auditLog)).toBe(before);
  };
  const save = async (extra: Record<string, unknown>) => ({
    title: "冬の特集",
    description: null,
    content: "[]",
    seen_updated_at: (await opened(TARGET)).updated_at,
    ...extra,
  });
  const path = `/api/ops/topic-pages/${TARGET}?type=topic`;

  it("a new page: its name, a title, an ordered window, not taken", async () => {
    await refused("/api/ops/topic-pages", newPage({ page_name: "冬" }), /ページ名は半角英数字/);
    await refused("/api/ops/topic-pages", newPage({ title: " " }), /タイトルを入力してください/);
    await refused(
      "/api/ops/topic-pages",
      newPage({ start_at: "2026-12-10T10:00", end_at: "2026-12-01T10:00" }),
      /公開終了は公開開始より後/,
    );
    await refused(
      "/api/ops/topic-pages",
      newPage({ start_at: "2026-02-30T10:00" }),
      /start_at は実在する日時/,
    );
    await refused("/api/ops/topic-pages", newPage({ page_name: TARGET }), /すでにあります/);
  });

  it("a save: content the topic module's own check passes", async () => {
    await refused(path, await save({ content: "{not json" }), /内容を見直してください.*JSON/);
    await refused(path, await save({ content: '{"a":1}' }), /全体を \[ \] の配列/);
    await refused(
      path,
      await save({ content: JSON.stringify([{ columns: [{ blocks: [{}] }] }]) }),
      /1行目の1列目の1番目のブロックに type がありません/,
    );
    await refused(
      path,
      await save({ content: JSON.stringify([{ columns: [{ sRange: 13, blocks: [] }] }]) }),
      /sRange は 1〜12/,
    );
    await refused(path, await save({ content: 5 }), /content は文字列/);
  });

  it("a save over a newer one is refused (409), the newer one kept", async () => {
    const stale = await save({ seen_updated_at: "2020-01-01T00:00:00.000Z" });
    const answer = await browsers.editor!.postJson<{ error_message: string }>(path, stale);
    expect(answer.status).toBe(409);
    expect(answer.body.error_message).toMatch(/別の保存がありました/);
  });

  it("an unknown page is a 404", async () => {
    const answer = await browsers.editor!.getJson("/api/ops/topic-pages/no-such-page?type=topic");
    expect(answer.status).toBe(404);
  });
});

describe("a page built in the editor keeps its member-only block from visitors", () => {
  const NAME = "winter-members";

  beforeAll(async () => {
    const editor = browsers.editor!;
    expect(
      (await editor.postJson("/api/ops/topic-pages", newPage({ page_name: NAME }))).status,
    ).toBe(200);
    const page = await opened(NAME);
    const saved = await editor.postJson(`/api/ops/topic-pages/${NAME}?type=topic`, {
      title: "冬の特集",
      description: null,
      content: builtContent(),
      seen_updated_at: page.updated_at,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("is no page at all while a draft, and the visitor's answer lacks the member text once published", async () => {
    const visitor = browsers.visitor!;
    expect((await visitor.getJson(`/api/topic/${NAME}`)).status).toBe(404);
    expect(
      (await browsers.editor!.postJson(`/api/ops/topic-pages/${NAME}/publish?type=topic`, {}))
        .status,
    ).toBe(200);

    const asVisitor = await visitor.getJson<TopicPageAnswer>(`/api/topic/${NAME}`);
    expect(asVisitor.status).toBe(200);
    const visitorText = JSON.stringify(asVisitor.body);
    expect(visitorText).toContain(VISITOR_TEXT);
    expect(visitorText).not.toContain(MEMBER_TEXT);
    expect(visitorText).not.toContain("loginOnly");

    const asMember = await browsers.member!.getJson<TopicPageAnswer>(`/api/topic/${NAME}`);
    expect(JSON.stringify(asMember.body)).toContain(MEMBER_TEXT);
  });

  it("the page's loader (what /topic/{slug} renders) answers a visitor without the member text", async () => {
    const url = new URL(`http://localhost/topic/${NAME}`);
    const forVisitor = await topicPage(t.services.db, "topic", NAME, null, url);
    expect(JSON.stringify(forVisitor)).not.toContain(MEMBER_TEXT);
    expect(JSON.stringify(forVisitor)).toContain(VISITOR_TEXT);
  });

  it("the preview draws the three audiences with the server's own rules", async () => {
    const content = JSON.stringify([
      {
        columns: [
          {
            blocks: [
              { type: "text", class: "logoutOnly", html: "<p>訪問者だけ</p>" },
              { type: "text", class: "loginOnly unpaidOnly", html: "<p>未購入の会員だけ</p>" },
              { type: "text", class: "paidOnly", html: "<p>購入者だけ {this_month}月</p>" },
              { type: "text", html: "<p>全員<script>alert(1)</script></p>" },
            ],
          },
        ],
      },
    ]);
    const answer = await browsers.support!.postJson<{ preview: TopicPreviewAnswer }>(
      "/api/ops/topic-pages/preview",
      { content, page_type: "topic", page_name: NAME },
    );
    expect(answer.status).toBe(200);
    const { visitor, member, paid } = answer.body.preview;
    const texts = (rows: unknown) => JSON.stringify(rows);
    expect(texts(visitor)).toContain("訪問者だけ");
    expect(texts(visitor)).not.toMatch(/未購入の会員だけ|購入者だけ/);
    expect(texts(member)).toContain("未購入の会員だけ");
    expect(texts(member)).not.toMatch(/訪問者だけ|購入者だけ/);
    expect(texts(paid)).toMatch(/購入者だけ \d{1,2}月/);
    expect(texts(paid)).not.toMatch(/訪問者だけ|未購入の会員だけ/);
    for (const rows of [visitor, member, paid]) {
      expect(texts(rows)).toContain("全員");
      expect(texts(rows)).not.toContain("<script");
    }
    // Saving nothing: the page is as it was.
    expect((await opened(NAME)).content).not.toContain("訪問者だけ");
  });

  it("the spec's staff JSON editor reads the editor's save", async () => {
    const rows = await t.services.db.select().from(topicPages);
    const page = rows.find((r) => r.pageName === NAME)!;
    expect(JSON.parse(page.content)).toEqual(JSON.parse(builtContent()));
  });
});

describe("the editor offers exactly the markers the server decides", () => {
  it("every marker of the palette reads as a marker on the server, and none is missing", () => {
    for (const kind of MARKER_KINDS) {
      const name = markerClass({ name: kind.name, n: 12, m: 3 });
      expect(readMarker(name).marker, name).toBe(true);
    }
    const offered = MARKER_KINDS.map((k) => k.name).sort();
    expect(offered).toEqual([...KNOWN_MARKERS.plain, ...KNOWN_MARKERS.numbered].sort());
  });
});
