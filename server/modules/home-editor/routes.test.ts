import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeAnswer } from "../../../contract/home";
import type { HomeEditorAnswer, HomeEditorTab, HomeSectionDraft } from "../../../contract/ops-home";
import { blankSection } from "../../../contract/ops-home";
import { SEEDED_60 } from "../../db/seed/test-fixture";
import { type Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { homePage, homePreviewPage } from "../../pages/home";
import { auditLog } from "../audit/schema";
import { homeLayouts } from "../home/schema";
import { editorTableStatus, OPS_CALLERS, opsCallers } from "../staff/test-fixture";
import { homeLayoutDrafts } from "./schema";
import { homePreviewToken, readHomePreviewToken } from "./service";

/**
 * Issue 24's proof for the home-layout editor: every call for every kind of caller (visitor 401,
 * member 403, support 403 on writes, editor and admin answered); the draft stays out of the
 * store until published; publishing writes the draft's order and new sections over the live
 * home in one audited write and says so on the change bus; 400 in Japanese for what the store
 * could not show; and a preview token works only for the staff member it names, with their
 * session, unforged and unexpired.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const browsers: Record<string, Browser> = {};
const told: CatalogChange[] = [];
/** A genre no other case here publishes, for the role table's writes. */
const TABLE_GENRE = 5;
/** The genre whose home the publishing cases rearrange. */
const GENRE = 1;

beforeAll(async () => {
  t = await createTestApp({ fixture: SEEDED_60 });
  const db = t.services.db;
  Object.assign(browsers, await opsCallers(t.app, db));
  t.services.changes.subscribe((change) => {
    told.push(change);
  });
});
afterAll(async () => {
  await t?.database.close();
});

async function editorOf(genre: number): Promise<HomeEditorAnswer> {
  const answer = await browsers.editor!.getJson<{ editor: HomeEditorAnswer }>(
    `/api/ops/home/${genre}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.editor;
}

interface Call {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: () => Promise<Record<string, unknown>>;
  /** An answered call writes an audit row. */
  audited: boolean;
}

const calls: Call[] = [
  { name: "tabs", method: "GET", path: "/api/ops/home", audited: false },
  { name: "editor", method: "GET", path: `/api/ops/home/${TABLE_GENRE}`, audited: false },
  {
    name: "save draft",
    method: "POST",
    path: `/api/ops/home/${TABLE_GENRE}/draft`,
    body: async () => ({ sections: (await editorOf(TABLE_GENRE)).sections }),
    audited: true,
  },
  { name: "preview", method: "POST", path: `/api/ops/home/${TABLE_GENRE}/preview`, audited: false },
  {
    name: "discard draft",
    method: "POST",
    path: `/api/ops/home/${TABLE_GENRE}/draft/discard`,
    // Only a draft that was there is discarded (and audited): the case saves one first.
    audited: true,
  },
];

describe("every /api/ops/home call × every caller", () => {
  for (const who of OPS_CALLERS) {
    for (const call of calls) {
      it(`${who} → ${call.method} ${call.name}: ${editorTableStatus(who, call.method === "POST")}`, async () => {
        const db = t.services.db;
        if (call.name === "discard draft") {
          const sections = (await editorOf(TABLE_GENRE)).sections;
          expect(
            (await browsers.editor!.postJson(`/api/ops/home/${TABLE_GENRE}/draft`, { sections }))
              .status,
          ).toBe(200);
        }
        const auditBefore = await db.$count(auditLog);
        const browser = browsers[who]!;
        const answer =
          call.method === "GET"
            ? await browser.getJson(call.path)
            : await browser.postJson(call.path, (await call.body?.()) ?? {});
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          editorTableStatus(who, call.method === "POST"),
        );
        const audited = answer.status === 200 && call.audited;
        expect((await db.$count(auditLog)) - auditBefore).toBe(audited ? 1 : 0);
        if (audited) {
          const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.auditId)).limit(1);
          expect(row!.entity).toBe("home_layout");
          expect(row!.entityId).toBe(String(TABLE_GENRE));
          expect(row!.actorRole).toBe(who);
        }
      });
    }
  }

  it("support cannot publish; the tab list names every genre", async () => {
    expect((await browsers.support!.postJson(`/api/ops/home/${GENRE}/publish`)).status).toBe(403);
    const tabs = await browsers.support!.getJson<{ tabs: HomeEditorTab[] }>("/api/ops/home");
    expect(tabs.body.tabs.map((tab) => tab.name)).toEqual([
      "総合",
      "少女・女性",
      "TL",
      "BL",
      "少年・青年",
      "メンズ",
      "タテヨミ",
      "ボイスドラマ",
    ]);
    expect(tabs.body.tabs[0]!.sections).toBeGreaterThan(3);
  });
});

describe("the draft, publishing and the live home", () => {
  const liveHome = () => homePage(t.services.db, GENRE, 1, new Date());
  const ids = (home: HomeAnswer) => home.home_layout.map((l) => l.layout_id);

  it("a saved draft changes nothing the store shows until it is published", async () => {
    const before = await liveHome();
    const editor = await editorOf(GENRE);
    expect(editor.draft).toBeNull();
    expect(editor.sections.map((s) => s.layout_id)).toEqual(editor.live.map((s) => s.layout_id));
    const reordered = [...editor.sections].reverse();
    const saved = await browsers.editor!.postJson<{ editor: HomeEditorAnswer }>(
      `/api/ops/home/${GENRE}/draft`,
      { sections: reordered },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.editor.draft).not.toBeNull();
    expect(saved.body.editor.sections.map((s) => s.layout_id)).toEqual(
      reordered.map((s) => s.layout_id),
    );
    expect(ids(await liveHome())).toEqual(ids(before));
    // Saving the same list twice (a double click) keeps one draft.
    await browsers.editor!.postJson(`/api/ops/home/${GENRE}/draft`, { sections: reordered });
    expect(await t.services.db.$count(homeLayoutDrafts)).toBe(1);
  });

  it("publishing writes the draft's order and new ranking section, audited and told", async () => {
    const db = t.services.db;
    const editor = await editorOf(GENRE);
    const ranking: HomeSectionDraft = {
      ...blankSection(4),
      title: "編集部の月間ランキング",
      ranking_type: 3,
    };
    // The first two sections swap places and the ranking goes second.
    const [a, b, ...rest] = editor.live;
    const sections = [b!, ranking, a!, ...rest];
    expect(
      (await browsers.editor!.postJson(`/api/ops/home/${GENRE}/draft`, { sections })).status,
    ).toBe(200);
    const toldBefore = told.length;
    const auditBefore = await db.$count(auditLog);
    const published = await browsers.editor!.postJson<{
      published: boolean;
      editor: HomeEditorAnswer;
    }>(`/api/ops/home/${GENRE}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.published).toBe(true);
    expect(published.body.editor.draft).toBeNull();
    expect(await db.$count(homeLayoutDrafts, eq(homeLayoutDrafts.genre, GENRE))).toBe(0);

    const live = published.body.editor.live;
    expect(live.map((s) => s.layout_id)).toEqual([
      b!.layout_id,
      expect.any(Number),
      a!.layout_id,
      ...rest.map((s) => s.layout_id),
    ]);
    const added = live[1]!;
    expect(added).toMatchObject({
      layout_type: 4,
      ranking_type: 3,
      title: "編集部の月間ランキング",
    });
    // Kept sections keep their items.
    expect(live[0]!.items).toEqual(b!.items);

    const home = await homePage(db, GENRE, 1, new Date());
    expect(home.home_layout.slice(0, 3).map((l) => l.layout_id)).toEqual(
      [b!, added, a!]
        .map((s) => s.layout_id)
        .filter((id) => home.home_layout.some((l) => l.layout_id === id))
        .slice(0, 3),
    );
    expect(
      home.home_layout.some((l) => l.layout_id === added.layout_id && l.layout_type === 4),
    ).toBe(true);

    expect((await db.$count(auditLog)) - auditBefore).toBe(1);
    const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.auditId)).limit(1);
    expect(row).toMatchObject({ action: "publish", entity: "home_layout", entityId: "1" });
    expect((row!.before as HomeSectionDraft[]).map((s) => s.layout_id)).toEqual(
      editor.live.map((s) => s.layout_id),
    );
    expect((row!.after as HomeSectionDraft[]).length).toBe(editor.live.length + 1);
    expect(told.slice(toldBefore)).toEqual([{ entity: "home_layout", id: GENRE }]);

    // A second click finds no draft: nothing written, nothing told.
    const again = await browsers.editor!.postJson<{ published: boolean }>(
      `/api/ops/home/${GENRE}/publish`,
    );
    expect(again.body.published).toBe(false);
    expect(told.length - toldBefore).toBe(1);
  });

  it("a removed section leaves the live home; the free top keeps its sections", async () => {
    const db = t.services.db;
    const freeBefore = await db.$count(
      homeLayouts,
      and(eq(homeLayouts.genre, GENRE), eq(homeLayouts.pagetype, 2)),
    );
    const editor = await editorOf(GENRE);
    const gone = editor.live[1]!;
    const sections = editor.live.filter((s) => s !== gone);
    await browsers.admin!.postJson(`/api/ops/home/${GENRE}/draft`, { sections });
    await browsers.admin!.postJson(`/api/ops/home/${GENRE}/publish`);
    const after = await editorOf(GENRE);
    expect(after.live.map((s) => s.layout_id)).toEqual(sections.map((s) => s.layout_id));
    expect(await db.$count(homeLayouts, eq(homeLayouts.layoutId, gone.layout_id!))).toBe(0);
    expect(
      await db.$count(homeLayouts, and(eq(homeLayouts.genre, GENRE), eq(homeLayouts.pagetype, 2))),
    ).toBe(freeBefore);
  });
});

describe("every genre's live home", () => {
  it("round-trips through the draft payload unchanged", async () => {
    for (const genre of [1, 2, 3, 4, 5, 6, 20, 21]) {
      const { live } = await editorOf(genre);
      const saved = await browsers.editor!.postJson<{ editor: HomeEditorAnswer }>(
        `/api/ops/home/${genre}/draft`,
        { sections: live },
      );
      expect(saved.status, `${genre}: ${JSON.stringify(saved.body)}`).toBe(200);
      expect(saved.body.editor.sections).toEqual(live);
      await browsers.editor!.postJson(`/api/ops/home/${genre}/draft/discard`);
    }
  });
});

describe("400 with a Japanese message for what the store could not show", () => {
  const save = (sections: unknown[]) =>
    browsers.editor!.postJson(`/api/ops/home/${TABLE_GENRE}/draft`, { sections });

  it("an unknown layout type", async () => {
    const answer = await save([{ ...blankSection(4), layout_type: 18 }]);
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("セクションの種類 18 はありません");
  });

  it("an end before the start", async () => {
    const answer = await save([
      { ...blankSection(4), start_at: "2026-12-10T10:00", end_at: "2026-12-01T10:00" },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("表示終了は表示開始より後の日時にしてください");
  });

  it("an item without its required field, and a list section without items", async () => {
    const banner = await save([{ ...blankSection(5), items: [{ title: "バナー" }] }]);
    expect(banner.status).toBe(400);
    expect(banner.body.error_message).toContain("バナーIDを入力してください");
    const empty = await save([{ ...blankSection(1), title: "新刊" }]);
    expect(empty.status).toBe(400);
    expect(empty.body.error_message).toContain("アイテムを1件以上追加してください");
    const feature = await save([{ ...blankSection(3), items: [{ title: "特集" }] }]);
    expect(feature.status).toBe(400);
    expect(feature.body.error_message).toContain("見出しとリンク先");
  });

  it("a banner that does not exist, or another genre's section", async () => {
    const banner = await save([{ ...blankSection(5), items: [{ link_rotation_id: 999_999 }] }]);
    expect(banner.status).toBe(400);
    expect(banner.body.error_message).toContain("バナーID 999999 は登録されていません");
    const other = (await editorOf(GENRE)).live[0]!;
    const stray = await save([other]);
    expect(stray.status).toBe(400);
    expect(stray.body.error_message).toContain("このジャンルのトップページにありません");
  });

  it("a series, volume, drama CD, author or campaign that does not exist", async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...blankSection(1), items: [{ series_id: 999_999 }] }, "作品ID 999999"],
      [{ ...blankSection(1), content_type: 18, items: [{ book_id: 999_998 }] }, "巻ID 999998"],
      [{ ...blankSection(27), items: [{ cd_id: 999_997 }] }, "ドラマCD ID 999997"],
      [{ ...blankSection(20), items: [{ author_id: 999_996, img: "/a.png" }] }, "著者ID 999996"],
      [{ ...blankSection(1), content_type: 1, campaign_id: 999_995 }, "キャンペーンID 999995"],
    ];
    for (const [section, named] of cases) {
      const answer = await save([section]);
      expect(answer.status, named).toBe(400);
      expect(answer.body.error_message).toContain(`${named} は登録されていません`);
    }
  });

  it("an unknown genre", async () => {
    const answer = await browsers.editor!.getJson("/api/ops/home/7");
    expect(answer.status).toBe(400);
  });
});

describe("the preview token", () => {
  const secret = () => t.services.sessionSecret;
  const cookies = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  it("shows the draft only to the staff member it names, with their session", async () => {
    const editor = await editorOf(GENRE);
    const seriesId = editor.live
      .flatMap((s) => (s.layout_type === 1 ? s.items : []))
      .find((i) => i.series_id !== null)!.series_id;
    const sections = [
      { ...blankSection(1), title: "プレビューだけの新刊", items: [{ series_id: seriesId }] },
      ...editor.live,
    ];
    await browsers.editor!.postJson(`/api/ops/home/${GENRE}/draft`, { sections });
    const issued = await browsers.editor!.postJson<{ token: string }>(
      `/api/ops/home/${GENRE}/preview`,
    );
    const token = issued.body.token;
    const now = new Date();
    const asEditor = { cookieHeader: cookies(browsers.editor!), member: null };
    const preview = await homePreviewPage(t.services, asEditor, token, GENRE, now);
    expect(preview?.home.home_layout[0]).toMatchObject({
      layout_id: -1,
      layout_type: 1,
      title: "プレビューだけの新刊",
    });
    const content = preview?.sections[-1]?.content;
    expect(content?.kind === "series" && content.items.map((i) => i.series_id)).toEqual([seriesId]);

    // No session, another staff member's session, another genre: the live home.
    const none = { cookieHeader: null, member: null };
    expect(await homePreviewPage(t.services, none, token, GENRE, now)).toBeNull();
    const asAdmin = { cookieHeader: cookies(browsers.admin!), member: null };
    expect(await homePreviewPage(t.services, asAdmin, token, GENRE, now)).toBeNull();
    expect(await homePreviewPage(t.services, asEditor, token, 2, now)).toBeNull();

    // Forged: a changed genre, staff id or expiry, a signature from another secret.
    const [g, staffId, expires, signature] = token.split(".");
    for (const forged of [
      `2.${staffId}.${expires}.${signature}`,
      `${g}.${Number(staffId) + 1}.${expires}.${signature}`,
      `${g}.${staffId}.${Number(expires) + 3600}.${signature}`,
      homePreviewToken("another-secret", Number(staffId), GENRE, now),
      `${g}.${staffId}.${expires}.${"A".repeat(43)}`,
      "1.1.1.x",
    ]) {
      expect(readHomePreviewToken(secret(), forged, now)).toBeNull();
      expect(await homePreviewPage(t.services, asEditor, forged, GENRE, now)).toBeNull();
    }
    // Expired.
    const later = new Date(now.getTime() + 31 * 60_000);
    expect(readHomePreviewToken(secret(), token, later)).toBeNull();

    // The live home never had the draft's section.
    const live = await homePage(t.services.db, GENRE, 1, now);
    expect(live.home_layout.some((l) => l.title === "プレビューだけの新刊")).toBe(false);
  });
});
